import { endpoint } from '../common/endpoint.js';
import { CIRCUITO_DEMO_PATH } from '../menus/resources.js';

/**
 * The demo's stand-in for the external Security Circuit (spec §2, §7 "Other"): HTML pages, not
 * API, so they stay out of the OpenAPI document. The portal's button posts a plain form to the
 * URL of its menu entry, which in the demo is this one.
 */
export const showCircuitoDemo = endpoint({
  operationId: 'showCircuitoDemo',
  method: 'GET',
  path: CIRCUITO_DEMO_PATH,
  security: 'public',
  tag: 'sistema',
  summary: 'Página de demostración del Circuito Seguridad',
  produces: 'text/html',
  hidden: true,
  schemas: async () => ({}),
});

export const receiveCircuitoDemo = endpoint({
  operationId: 'receiveCircuitoDemo',
  method: 'POST',
  path: CIRCUITO_DEMO_PATH,
  security: 'public',
  tag: 'sistema',
  summary: 'Muestra el e-mail y el código recibidos por el Circuito Seguridad de demostración',
  consumes: 'application/x-www-form-urlencoded',
  produces: 'text/html',
  hidden: true,
  schemas: async () => ({}),
});
