import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { DatabaseHandle } from './db/connection.js';
import { logRedaction } from './lib/log-redaction.js';
import { OneLinePerRequest } from './lib/request-log.js';
import { responseSerializerCompiler } from './lib/response-serializer.js';
import { refuseControlCharactersInUrl, requestValidatorCompiler } from './lib/validator.js';
import type { Mailer } from './mail/mailer.js';
import accessLinkRoutes from './modules/access-links/routes.js';
import { authenticateApiKey, logApiKeyUse } from './modules/api-keys/service.js';
import archivosRoutes from './modules/archivos/routes.js';
import authRoutes from './modules/auth/routes.js';
import totpRoutes from './modules/auth/totp-routes.js';
import cargasRoutes from './modules/cargas/routes.js';
import certificadosRoutes from './modules/certificados/routes.js';
import circuitoRoutes from './modules/circuito/routes.js';
import { circuitoOriginsCache, withFormActionSources } from './modules/circuito/service.js';
import facturasRoutes from './modules/facturas/routes.js';
import facturasProveedorRoutes from './modules/facturas-proveedor/routes.js';
import healthRoutes from './modules/health/routes.js';
import { buildInitialData } from './modules/initial-data/service.js';
import integracionRoutes from './modules/integracion/routes.js';
import menuRoutes from './modules/menus/routes.js';
import { sessionHasResource } from './modules/menus/service.js';
import passwordResetRoutes from './modules/password-reset/routes.js';
import prevencionRoutes from './modules/prevencion/routes.js';
import portesRoutes from './modules/portes/routes.js';
import pushRoutes from './modules/push/routes.js';
import avisosRoutes from './modules/avisos/routes.js';
import { resumeSession } from './modules/sesiones/service.js';
import solicitudesRoutes from './modules/solicitudes/routes.js';
import sugerenciasRoutes from './modules/sugerencias/routes.js';
import trackingRoutes from './modules/tracking/routes.js';
import transportesRoutes from './modules/transportes/routes.js';
import conductorRoutes from './modules/conductor/routes.js';
import ecmrRoutes from './modules/ecmr/routes.js';
import envioRoutes from './modules/envio/routes.js';
import ecmrSelloPlugin from './modules/ecmr/plugin.js';
import vehiculosRoutes from './modules/vehiculos/routes.js';
import csrfPlugin from './plugins/csrf.js';
import databasePlugin from './plugins/database.js';
import errorsPlugin, { clientErrorHandler, frameworkErrors } from './plugins/errors.js';
import integrationAuthPlugin from './plugins/integration-auth.js';
import mailPlugin from './plugins/mail.js';
import multipartPlugin from './plugins/multipart.js';
import openapiPlugin from './plugins/openapi.js';
import outboxPlugin from './outbox/plugin.js';
import pushPlugin, { type PushPluginOptions } from './modules/push/plugin.js';
import redisPlugin from './plugins/redis.js';
import securityHeadersPlugin from './plugins/security-headers.js';
import sessionPlugin from './plugins/session.js';
import shutdownPlugin from './plugins/shutdown.js';
import spaPlugin from './plugins/spa.js';
import storagePlugin from './plugins/storage.js';
import type { OutboxWorkerOptions } from './outbox/worker.js';
import type { FileStorage } from './storage/file-storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  /** An opened, migrated database; the app closes it when it closes. */
  database: DatabaseHandle;
  /** Pino options, or false to silence logs in tests. */
  logger?: FastifyServerOptions['logger'];
  /** Replaces the configured mailer (tests observe or fail e-mail with it). */
  mailer?: Mailer;
  /** Web Push overrides (tests: a ready service, or an agent trusting a local push service). */
  push?: PushPluginOptions;
  /** Replaces the configured file storage (tests: a fake or a slow one). */
  storage?: FileStorage;
  /** Outbox worker timings; the worker is created here but only server.ts starts it. */
  outbox?: OutboxWorkerOptions;
}

/** Every logger the app writes to keeps secrets out of its lines (lib/log-redaction.ts). */
function withLogRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === false || logger === undefined) return logger;
  if (logger === true) return { ...logRedaction };
  return { ...logger, ...logRedaction };
}

/** Builds the whole API and SPA server without listening: tests call it and use `app.inject`. */
export async function buildApp({
  config,
  database,
  logger,
  mailer,
  push,
  storage,
  outbox,
}: BuildAppOptions) {
  const app = Fastify({
    logger: withLogRedaction(logger ?? { level: config.logLevel }),
    trustProxy: config.trustProxy,
    // Our shutdown plugin answers 503 with the API's error shape instead.
    return503OnClosing: false,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    logController: new OneLinePerRequest(),
    // Errors raised before any hook runs, in the API's shape and in Spanish (plugins/errors.ts).
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(requestValidatorCompiler);
  app.addHook('onRequest', refuseControlCharactersInUrl);
  app.setSerializerCompiler(responseSerializerCompiler({ validate: config.env !== 'production' }));
  app.decorate('config', config);

  await app.register(errorsPlugin);
  await app.register(shutdownPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(databasePlugin, { database });
  await app.register(redisPlugin);
  await app.register(sessionPlugin, {
    resume: (cookieValue) => resumeSession(app.db, config, cookieValue),
    hasResource: (session, recurso) => sessionHasResource(app.db, session, recurso),
  });
  await app.register(csrfPlugin);
  await app.register(integrationAuthPlugin, {
    authenticate: (bearer) => authenticateApiKey(app.db, bearer),
    logUse: (use) => logApiKeyUse(app.db, use),
  });
  await app.register(openapiPlugin);
  await app.register(mailPlugin, { mailer });
  await app.register(pushPlugin, push ?? {});
  await app.register(ecmrSelloPlugin);
  await app.register(storagePlugin, { storage });
  await app.register(
    outboxPlugin,
    outbox ?? { intervalMs: config.outboxIntervalMs, leaseMs: config.outboxLeaseMs },
  );
  await app.register(multipartPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(totpRoutes);
  await app.register(menuRoutes);
  await app.register(accessLinkRoutes);
  await app.register(passwordResetRoutes);
  await app.register(pushRoutes);
  await app.register(avisosRoutes);
  await app.register(circuitoRoutes);
  await app.register(cargasRoutes);
  await app.register(vehiculosRoutes);
  await app.register(transportesRoutes);
  await app.register(conductorRoutes);
  await app.register(ecmrRoutes);
  await app.register(envioRoutes);
  await app.register(facturasProveedorRoutes);
  await app.register(certificadosRoutes);
  await app.register(prevencionRoutes);
  await app.register(archivosRoutes);
  await app.register(trackingRoutes);
  await app.register(portesRoutes);
  await app.register(facturasRoutes);
  await app.register(solicitudesRoutes);
  await app.register(sugerenciasRoutes);
  await app.register(integracionRoutes);

  const circuitoOrigins = circuitoOriginsCache(app.db);
  await app.register(spaPlugin, {
    webDistDir: config.webDistDir,
    initialData: () => buildInitialData(app),
    pageCsp: async (csp) => withFormActionSources(csp, await circuitoOrigins()),
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
