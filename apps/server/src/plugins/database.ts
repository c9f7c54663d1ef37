import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DatabaseHandle, SqlDialect } from '../db/connection.js';
import type { Database } from '../db/database.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Kysely instance: repositories receive it, routes never touch it (STYLE rule 2). */
    db: Kysely<Database>;
    dbDialect: SqlDialect;
  }
}

/** Exposes an already opened and migrated database; closing the app closes it. */
export default fp<{ database: DatabaseHandle }>(
  async function databasePlugin(app: FastifyInstance, { database }) {
    app.decorate('db', database.db);
    app.decorate('dbDialect', database.dialect);
    app.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'database' },
);
