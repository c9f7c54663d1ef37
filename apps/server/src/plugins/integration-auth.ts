import type { ApiScope } from '@extranet/contracts/integracion/integracion';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error.js';
import { sendError } from './errors.js';

/** The API key an integration call authenticated with. */
export interface ApiKeyPrincipal {
  id: number;
  nombre: string;
  scopes: ApiScope[];
}

/** One authenticated call, for the key's usage log. */
export interface ApiKeyUse {
  apiKeyId: number;
  metodo: string;
  ruta: string;
  status: number;
}

/** What the plugin needs from the api-keys module, handed in by app.ts. */
export interface IntegrationAuthOptions {
  /** The key of a bearer token, or null (unknown, revoked). */
  authenticate: (bearer: string) => Promise<ApiKeyPrincipal | null>;
  logUse: (use: ApiKeyUse) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key of an integration call (set on `/api/integration/` only). */
    apiKey: ApiKeyPrincipal | null;
  }
}

/** Every machine-to-machine route lives under this prefix (and only these use API keys). */
export const INTEGRATION_PREFIX = '/api/integration/';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The request's API key, or a 401 (for handlers: the hook has already checked it). */
export function apiKeyOf(request: FastifyRequest): ApiKeyPrincipal {
  if (!request.apiKey) throw invalidKey();
  return request.apiKey;
}

function invalidKey() {
  return new HttpError(401, 'INVALID_API_KEY', 'Clave de API no válida o revocada.');
}

/** preHandler: the key must hold this scope (403 INSUFFICIENT_SCOPE otherwise). */
export function requireScope(scope: ApiScope): preHandlerAsyncHookHandler {
  return async (request) => {
    if (!apiKeyOf(request).scopes.includes(scope)) {
      throw new HttpError(
        403,
        'INSUFFICIENT_SCOPE',
        `La clave de API no tiene el permiso ${scope}.`,
      );
    }
  };
}

/**
 * API-key authentication of `/api/integration/*`: `Authorization: Bearer ext_…` and nothing
 * else. Cookies are ignored (the session plugin skips these paths), so a browser session can
 * never call the integration API. Each authenticated call is logged with its answer.
 */
export default fp<IntegrationAuthOptions>(
  async function integrationAuthPlugin(app: FastifyInstance, { authenticate: keyOf, logUse }) {
    app.decorateRequest('apiKey', null);

    const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
      const header = request.headers.authorization;
      const bearer = header === undefined ? undefined : BEARER.exec(header)?.[1];
      const key = bearer ? await keyOf(bearer) : null;
      if (!key) {
        reply.header('www-authenticate', 'Bearer');
        sendError(reply, 401, 'INVALID_API_KEY', 'Clave de API no válida o revocada.');
        return;
      }
      request.apiKey = key;
    };
    // Callback-style (plugins/security-headers.ts): the portal's requests pass straight on.
    app.addHook('onRequest', (request, reply, done) => {
      if (!request.url.startsWith(INTEGRATION_PREFIX)) return done();
      authenticate(request, reply).then(() => done(), done);
    });

    // onSend, not onResponse: the use is on record before the ERP sees the answer.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!request.apiKey) return done(null, payload);
      void logUse({
        apiKeyId: request.apiKey.id,
        metodo: request.method,
        ruta: request.url.split('?')[0] ?? request.url,
        status: reply.statusCode,
      })
        .catch((error: unknown) => {
          // A lost log line must not turn a done write into an error.
          request.log.error({ err: error }, 'no se pudo registrar el uso de la clave de API');
        })
        .then(() => done(null, payload));
    });
  },
  { name: 'integration-auth', dependencies: ['database'] },
);
