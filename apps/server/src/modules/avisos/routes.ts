import {
  getAvisosResumen,
  getPreferenciasAvisos,
  listAvisos as listAvisosEndpoint,
  markAvisoLeido,
  markAvisosLeidos,
  updatePreferenciasAvisos,
} from '@extranet/contracts/avisos/endpoints';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.js';
import { HttpError } from '../../lib/http-error.js';
import { noActiveEmpresa, requireAnySession } from '../../plugins/session.js';
import type { DuenoAvisos } from './repository.js';
import {
  cambiarPreferenciasAvisos,
  listAvisos,
  marcarAvisoLeido,
  marcarAvisosLeidos,
  preferenciasAvisos,
  resumenAvisos,
} from './service.js';

/**
 * The session's user, portal and active company: whose notices. An access-link session has no
 * user (403), a session without its company chosen has none yet (403).
 */
function ownerOf(request: FastifyRequest, reply: FastifyReply): DuenoAvisos {
  const session = request.session;
  if (!session) throw new HttpError(401, 'UNAUTHENTICATED', 'Sesión no iniciada o caducada.');
  if (session.usuarioId === null) {
    throw new HttpError(403, 'FORBIDDEN', 'Los avisos requieren iniciar sesión con un usuario.');
  }
  const empresaId = session.portal === 'clientes' ? session.clienteId : session.proveedorId;
  if (empresaId == null) throw noActiveEmpresa(session.portal);
  // Personal and changing: never kept by a shared cache.
  reply.header('cache-control', 'no-store');
  return { usuarioId: session.usuarioId, portal: session.portal, empresaId };
}

/** The notice centre (issue 20 point 2): the same paths in both portals, by the session. */
const avisosRoutes: FastifyPluginAsync = async (app) => {
  const preHandler = requireAnySession;

  await registerEndpoint(app, listAvisosEndpoint, {
    preHandler,
    handler: async (request, reply) => listAvisos(app.db, ownerOf(request, reply), request.query),
  });

  await registerEndpoint(app, getAvisosResumen, {
    preHandler,
    handler: async (request, reply) => resumenAvisos(app.db, ownerOf(request, reply)),
  });

  await registerEndpoint(app, markAvisoLeido, {
    preHandler,
    handler: async (request, reply) => {
      await marcarAvisoLeido(app.db, ownerOf(request, reply), request.params.id);
      return reply.code(204).send(null);
    },
  });

  await registerEndpoint(app, markAvisosLeidos, {
    preHandler,
    handler: async (request, reply) => marcarAvisosLeidos(app.db, ownerOf(request, reply)),
  });

  await registerEndpoint(app, getPreferenciasAvisos, {
    preHandler,
    handler: async (request, reply) => {
      const owner = ownerOf(request, reply);
      return preferenciasAvisos(app.db, owner.usuarioId, owner.portal);
    },
  });

  await registerEndpoint(app, updatePreferenciasAvisos, {
    preHandler,
    handler: async (request, reply) => {
      const owner = ownerOf(request, reply);
      return cambiarPreferenciasAvisos(app.db, owner.usuarioId, owner.portal, request.body);
    },
  });
};

export default avisosRoutes;
