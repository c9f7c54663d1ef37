import { endpoint } from '../common/endpoint.js';

/**
 * Web Push subscriptions of the signed-in user (spec §7, issue 3): customer paths are
 * `/api/…`, supplier ones `/api/proveedores/…`. Schemas in `subscription.ts`.
 */
const subscription = () => import('./subscription.js');

const subscribeSchemas = () =>
  subscription().then((s) => ({
    body: s.PushSubscribeRequest,
    response: s.PushSubscriptionResponse,
  }));
const reassignSchemas = () =>
  subscription().then((s) => ({
    body: s.PushSubscriptionUpdateRequest,
    response: s.PushSubscriptionResponse,
  }));

export const subscribePushCliente = endpoint({
  operationId: 'subscribePushCliente',
  method: 'POST',
  path: '/api/push-subscription',
  security: 'session',
  tag: 'push',
  summary: 'Guarda la suscripción Web Push del navegador (clientes)',
  schemas: subscribeSchemas,
});

export const subscribePushProveedor = endpoint({
  operationId: 'subscribePushProveedor',
  method: 'POST',
  path: '/api/proveedores/push-subscription',
  security: 'session',
  tag: 'push',
  summary: 'Guarda la suscripción Web Push del navegador (proveedores)',
  schemas: subscribeSchemas,
});

export const reassignPushSubscriptionCliente = endpoint({
  operationId: 'reassignPushSubscriptionCliente',
  method: 'POST',
  path: '/api/push-subscription-update',
  security: 'session',
  tag: 'push',
  summary: 'Asocia una suscripción guardada al usuario conectado (clientes)',
  errors: [404],
  schemas: reassignSchemas,
});

export const reassignPushSubscriptionProveedor = endpoint({
  operationId: 'reassignPushSubscriptionProveedor',
  method: 'POST',
  path: '/api/proveedores/push-subscription-update',
  security: 'session',
  tag: 'push',
  summary: 'Asocia una suscripción guardada al usuario conectado (proveedores)',
  errors: [404],
  schemas: reassignSchemas,
});

/** The customer and supplier definitions of each call. */
export const pushByPortal = {
  subscribe: { clientes: subscribePushCliente, proveedores: subscribePushProveedor },
  reassign: {
    clientes: reassignPushSubscriptionCliente,
    proveedores: reassignPushSubscriptionProveedor,
  },
} as const;
