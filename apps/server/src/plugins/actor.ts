import type { FastifyRequest } from 'fastify';
import { noActiveEmpresa, sessionOf } from './session.js';

/*
 * Who acts, read from the session by the routes and handed to the services (which use it for
 * ownership filters and the audit log). One module for both portals, beside the session plugin
 * that sets `request.session`, so no route module has to export or copy it.
 */

/** Who acts on the supplier portal: the session's active carrier and user, and from where. */
export interface ProveedorActor {
  proveedorId: number;
  /** Null in a session opened from an id+token access link. */
  usuarioId: number | null;
  ip: string;
}

/** The supplier session's active carrier; the route's guards (requireProveedor) ran before. */
export function proveedorActorOf(request: FastifyRequest): ProveedorActor {
  const session = sessionOf(request, 'proveedores');
  return { proveedorId: session.proveedorId!, usuarioId: session.usuarioId, ip: request.ip };
}

/** Who acts on the customer portal: the session's active client and user, and from where. */
export interface ClienteActor {
  clienteId: number;
  /** Null in a session opened from an id+token access link. */
  usuarioId: number | null;
  ip: string;
}

/** The customer session's active client (401 without a session, 403 without a client). */
export function clienteActorOf(request: FastifyRequest): ClienteActor {
  const session = sessionOf(request, 'clientes');
  if (session.clienteId == null) throw noActiveEmpresa('clientes');
  return { clienteId: session.clienteId, usuarioId: session.usuarioId, ip: request.ip };
}
