import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { DatabaseHandle } from './db/connection.js';
import authRoutes from './modules/auth/routes.js';
import healthRoutes from './modules/health/routes.js';
import databasePlugin from './plugins/database.js';
import errorsPlugin from './plugins/errors.js';
import openapiPlugin from './plugins/openapi.js';
import securityHeadersPlugin from './plugins/security-headers.js';
import shutdownPlugin from './plugins/shutdown.js';
import spaPlugin from './plugins/spa.js';

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
}

/** Builds the whole API and SPA server without listening: tests call it and use `app.inject`. */
export async function buildApp({ config, database, logger }: BuildAppOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    // Our shutdown plugin answers 503 with the API's error shape instead.
    return503OnClosing: false,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  await app.register(errorsPlugin);
  await app.register(shutdownPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(databasePlugin, { database });
  await app.register(openapiPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes);

  await app.register(spaPlugin, { webDistDir: config.webDistDir });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
