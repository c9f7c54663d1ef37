import { endpoint } from '../common/endpoint.js';

/** "Solicitar Transporte" (issue 5): send a request and list them. Schemas in `solicitud.ts`. */
const solicitud = () => import('./solicitud.js');

export const createSolicitud = endpoint({
  operationId: 'createSolicitud',
  method: 'POST',
  path: '/api/clientes/solicitudes',
  security: 'session',
  tag: 'solicitudes',
  summary: 'Envía una solicitud de transporte (se avisa por e-mail a los operadores)',
  status: 201,
  schemas: () => solicitud().then((s) => ({ body: s.SolicitudCrear, response: s.Solicitud })),
});

export const listSolicitudes = endpoint({
  operationId: 'listSolicitudes',
  method: 'GET',
  path: '/api/clientes/solicitudes',
  security: 'session',
  tag: 'solicitudes',
  summary: 'Solicitudes de transporte del cliente con su estado (paginación por cursor)',
  schemas: () =>
    solicitud().then((s) => ({ query: s.SolicitudesQuery, response: s.SolicitudesPage })),
});
