import { endpoint } from '../common/endpoint.js';

/**
 * The carrier's certificates: status per type, new versions, and the warning that blocks offers.
 * Schemas in `certificado.ts`.
 */
const certificado = () => import('./certificado.js');

export const listCertificados = endpoint({
  operationId: 'listCertificados',
  method: 'GET',
  path: '/api/proveedores/certificados',
  security: 'session',
  tag: 'certificados',
  summary: 'Certificados por tipo: vigente, caduca en 30 días, caducado o falta',
  schemas: () => certificado().then((s) => ({ response: s.CertificadosList })),
});

export const getCertificadosEstado = endpoint({
  operationId: 'getCertificadosEstado',
  method: 'GET',
  path: '/api/proveedores/certificados/estado',
  security: 'session',
  tag: 'certificados',
  summary: 'Si un certificado obligatorio caducado bloquea las ofertas, y por qué',
  schemas: () => certificado().then((s) => ({ response: s.CertificadosBloqueo })),
});

export const uploadCertificado = endpoint({
  operationId: 'uploadCertificado',
  method: 'POST',
  path: '/api/proveedores/certificados',
  security: 'session',
  tag: 'certificados',
  summary:
    'Sube una nueva versión de un certificado (campos tipo, descripcion?, fecha_emision?, fecha_caducidad; después el PDF, JPEG o PNG)',
  consumes: 'multipart/form-data',
  status: 201,
  errors: [413, 415],
  schemas: () => certificado().then((s) => ({ response: s.CertificadosList })),
});
