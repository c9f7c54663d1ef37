import { endpoint } from '../common/endpoint.js';

/** Risk-prevention documents (issue 4, "Prevención"). Schemas in `prevencion.ts`. */
const prevencion = () => import('./prevencion.js');

export const listPrevencion = endpoint({
  operationId: 'listPrevencion',
  method: 'GET',
  path: '/api/proveedores/prevencion',
  security: 'session',
  tag: 'prevencion',
  summary: 'Documentos de prevención publicados con la fecha de lectura propia',
  schemas: () => prevencion().then((s) => ({ response: s.PrevencionList })),
});

export const downloadPrevencionArchivo = endpoint({
  operationId: 'downloadPrevencionArchivo',
  method: 'GET',
  path: '/api/proveedores/prevencion/:id/archivo',
  security: 'session',
  tag: 'prevencion',
  summary: 'Descarga el fichero de un documento de prevención',
  produces: 'application/pdf',
  errors: [404],
  schemas: () => prevencion().then((s) => ({ params: s.PrevencionIdParams })),
});

export const markPrevencionLeido = endpoint({
  operationId: 'markPrevencionLeido',
  method: 'POST',
  path: '/api/proveedores/prevencion/:id/leido',
  security: 'session',
  tag: 'prevencion',
  summary: 'Marca un documento como leído (idempotente: conserva la primera fecha)',
  errors: [404],
  schemas: () =>
    prevencion().then((s) => ({ params: s.PrevencionIdParams, response: s.PrevencionDocumento })),
});
