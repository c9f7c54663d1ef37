import { endpoint } from '../common/endpoint.js';

/** Liveness and readiness for load balancers and orchestrators. Schemas in `health.ts`. */
const health = () => import('./health.js').then((s) => ({ response: s.HealthStatus }));

export const checkLiveness = endpoint({
  operationId: 'checkLiveness',
  method: 'GET',
  path: '/healthz',
  security: 'public',
  tag: 'sistema',
  summary: 'El proceso está en marcha',
  schemas: health,
});

export const checkReadiness = endpoint({
  operationId: 'checkReadiness',
  method: 'GET',
  path: '/readyz',
  security: 'public',
  tag: 'sistema',
  summary: 'El proceso y su base de datos responden',
  schemas: health,
});
