import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { CSRF_HEADER } from './csrf.js';
import { SESSION_COOKIE } from './session.js';

/**
 * OpenAPI 3.1 generated from the zod contracts of every route: the document at
 * /api/openapi.json, the interactive viewer at /api/docs.
 */
export default fp(
  async function openapiPlugin(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Extranet API',
          description:
            'API del portal de proveedores (transportistas) y clientes. Todos los mensajes de error tienen la forma `{ error: { code, message } }` con el mensaje en español.',
          version: '0.1.0',
        },
        tags: [
          { name: 'sistema', description: 'Salud del servicio y documentación' },
          { name: 'auth', description: 'Sesión y acceso' },
          {
            name: 'integracion',
            description:
              'API de integración con el ERP (`/api/integration/v1`): clave `Authorization: Bearer ext_…` creada con la CLI, lotes de hasta 1000 registros validados en conjunto (todo o nada) y cabecera `Idempotency-Key` opcional en las escrituras.',
          },
        ],
        components: {
          securitySchemes: {
            apiKey: { type: 'http', scheme: 'bearer', description: 'Clave de API `ext_…`' },
            sessionCookie: {
              type: 'apiKey',
              in: 'cookie',
              name: SESSION_COOKIE,
              description: 'Sesión del portal (cookie HttpOnly que fija el inicio de sesión)',
            },
            csrfHeader: {
              type: 'apiKey',
              in: 'header',
              name: CSRF_HEADER,
              description:
                'Token CSRF: el valor de la cookie `csrf-token`, repetido en la cabecera',
            },
          },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });

    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list', deepLinking: true },
      // The viewer is served with its own hashed CSP, so the portal's strict CSP stays intact.
      staticCSP: true,
      // The viewer sets a few inline styles; scripts stay locked to 'self'.
      transformStaticCSP: (header) =>
        header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
    });
  },
  { name: 'openapi' },
);
