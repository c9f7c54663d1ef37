import { eventos } from '@extranet/contracts/integracion/eventos';
import { TIPOS_EVENTO } from '@extranet/contracts/integracion/tipos-evento';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { CSRF_HEADER } from './csrf.js';
import { SESSION_COOKIE } from './session.js';

type Json = Record<string, unknown>;
type Document = Json & { paths?: Record<string, Record<string, Json>>; components?: Json };

/** Each feature's tag (`tag` of its endpoint definitions), described once. */
const TAGS: Record<string, string> = {
  sistema: 'Salud del servicio y documentación',
  auth: 'Sesión y acceso: inicio y cierre de sesión, segundo factor, recuperación de contraseña, enlaces de acceso',
  push: 'Suscripciones a notificaciones push del navegador',
  avisos:
    'Centro de avisos del usuario conectado: avisos leídos y sin leer, y canales por tipo (push, e-mail)',
  cargas: 'Bolsa de cargas y ofertas de los transportistas',
  vehiculos: 'Vehículos del transportista',
  transportes: 'Histórico de transportes del transportista y subida de albaranes (CMR)',
  'facturas-proveedor': 'Facturas de los transportistas',
  certificados: 'Certificados exigidos a los transportistas',
  prevencion: 'Documentos de prevención de riesgos laborales',
  portes: 'Portes del cliente: activos e histórico',
  tracking: 'Seguimiento de un porte',
  facturas: 'Facturas del cliente',
  archivos: 'Descarga de ficheros (CMR, PDF)',
  solicitudes: 'Solicitudes de transporte del cliente',
  sugerencias: 'Sugerencias del cliente',
  conductor: 'Enlace del conductor: viaje, posiciones, paradas e incidencias',
  envio: 'Enlace compartido de un porte: seguimiento y documentos sin cuenta, caduca y se anula',
  ecmr: 'e-CMR: carta de porte electrónica, firmas, cadena de eventos sellada y verificación',
  integracion:
    'API de integración con el ERP (`/api/integration/v1`): clave `Authorization: Bearer ext_…` creada con la CLI, lotes de hasta 1000 registros validados en conjunto (todo o nada) y cabecera `Idempotency-Key` opcional en las escrituras.',
  webhooks:
    'Eventos que el servidor envía por POST a los webhooks suscritos (CLI `webhook add`); el mismo contenido que devuelve `novedades`.',
};

/** What each status means in this API, for responses the generator left as "Default Response". */
const STATUS_DESCRIPTIONS: Record<string, string> = {
  '200': 'Correcto',
  '201': 'Creado',
  '202': 'Aceptado',
  '204': 'Hecho, sin contenido',
  '400': 'Petición no válida (`VALIDATION_ERROR` con los detalles)',
  '401': 'Sin sesión o sin clave de API válida',
  '403': 'Sin permiso para este recurso o sin el alcance de la clave',
  '404': 'No existe, o no pertenece a su empresa',
  '409': 'Choca con el estado actual del recurso',
  '410': 'Ya no está disponible',
  '413': 'Cuerpo demasiado grande',
  '415': 'Tipo de contenido no admitido',
  '422': 'Una regla de negocio lo impide',
  '429': 'Demasiadas peticiones: espere y reintente',
  '503': 'Servicio no disponible en este momento: reintente',
};

/** Every `$ref` target in a JSON value. */
function refsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => refsIn(item, found));
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.add(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

/** One webhook per event type: the body is the event's component, signed as documented. */
function webhooks(): Json {
  return Object.fromEntries(
    TIPOS_EVENTO.map((tipo) => {
      const { nombre, cuando } = eventos[tipo];
      return [
        tipo,
        {
          post: {
            operationId: `receive${nombre}`,
            tags: ['webhooks'],
            summary: cuando,
            description:
              'Entrega al menos una vez: ignore un `id` ya visto. Compruebe la firma antes de confiar en el cuerpo.',
            security: [{ webhookSignature: [] }],
            parameters: [
              ['x-extranet-event', `El tipo del evento: \`${tipo}\`.`],
              [
                'x-extranet-delivery',
                'Id de la entrega (cambia en cada webhook, no en los reintentos).',
              ],
              [
                'x-extranet-timestamp',
                'Segundos desde 1970 de este intento; rechace los antiguos.',
              ],
            ].map(([name, description]) => ({
              in: 'header',
              name,
              required: true,
              description,
              schema: { type: 'string' },
            })),
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: { $ref: `#/components/schemas/Evento${nombre}` },
                },
              },
            },
            responses: {
              '2XX': { description: 'Recibido: no se vuelve a enviar.' },
              '4XX': {
                description:
                  'Rechazado: se reintenta como cualquier fallo (30 s × 2ⁿ, 8 intentos; 10 s de espera máxima).',
              },
            },
          },
        },
      ];
    }),
  );
}

/**
 * What the generator leaves for a linter to find, fixed in one place: each response says what
 * its status means; error answers are JSON
 * whatever the success's media type (a CSV export fails in JSON); components carry no `$id`
 * (it would rebase their `$ref`s), and the input twins nothing uses are dropped; every tag an
 * operation uses is declared; the webhooks are added.
 */
export function tidyDocument(document: Document): Document {
  for (const byMethod of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(byMethod)) {
      const responses = (operation['responses'] ?? {}) as Record<string, Json>;
      for (const [status, response] of Object.entries(responses)) {
        if (response['description'] === 'Default Response' && STATUS_DESCRIPTIONS[status]) {
          response['description'] = STATUS_DESCRIPTIONS[status];
        }
        const content = response['content'] as Record<string, Json> | undefined;
        if (!/^[45]/.test(status) || !content || 'application/json' in content) continue;
        const first = Object.values(content)[0];
        if (first) response['content'] = { 'application/json': first };
      }
    }
  }
  const schemas = ((document.components ?? {})['schemas'] ?? {}) as Record<string, Json>;
  for (const schema of Object.values(schemas)) {
    delete schema['$id'];
    delete schema['$schema'];
  }
  const withWebhooks: Document = { ...document, webhooks: webhooks() };
  // An input twin nothing else refers to (zod emits both for every named schema): drop it,
  // then look again, since it may have been the only user of another.
  for (let removed = true; removed;) {
    removed = false;
    for (const name of Object.keys(schemas)) {
      if (!name.endsWith('Input')) continue;
      const { [name]: self, ...others } = schemas;
      const used = refsIn({ ...withWebhooks, components: { schemas: others } });
      if (self && !used.has(`#/components/schemas/${name}`)) {
        delete schemas[name];
        removed = true;
      }
    }
  }
  const declared = (document['tags'] ?? []) as { name: string }[];
  const usedTags = new Set(
    Object.values(document.paths ?? {}).flatMap((byMethod) =>
      Object.values(byMethod).flatMap((operation) => (operation['tags'] ?? []) as string[]),
    ),
  );
  const tags = [
    ...declared.filter((tag) => usedTags.has(tag.name) || tag.name === 'webhooks'),
    ...[...usedTags]
      .filter((name) => !declared.some((tag) => tag.name === name))
      .map((name) => ({ name, description: `Operaciones de ${name}` })),
  ];
  return { ...withWebhooks, tags };
}

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
          license: { name: 'Propietaria', identifier: 'LicenseRef-Propietaria' },
        },
        servers: [{ url: app.config.publicUrl, description: 'Este servidor (PUBLIC_URL)' }],
        tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
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
            webhookSignature: {
              type: 'apiKey',
              in: 'header',
              name: 'X-Extranet-Signature',
              description:
                'Firma de cada webhook: `sha256=` y el HMAC-SHA256 en hexadecimal de `"<X-Extranet-Timestamp>.<cuerpo>"` con el secreto del webhook.',
            },
          },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: (input) =>
        tidyDocument(jsonSchemaTransformObject(input) as Document) as ReturnType<
          typeof jsonSchemaTransformObject
        >,
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
