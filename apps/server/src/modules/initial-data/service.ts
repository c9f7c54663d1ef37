import type { InitialData } from '@extranet/contracts/initial-data/initial-data';
import { RegionCode } from '@extranet/contracts/regiones/region';
import type { FastifyInstance } from 'fastify';
import { listActiveRegiones } from '../regiones/repository.js';

/** When this process generated its first initial data: the document's `generated` (spec §3). */
const generated = new Date().toISOString();

/**
 * The document embedded in every page (spec §3): `updated`, `generated` and one entry per
 * key the portal asks for at start-up (the active regions and the public settings).
 */
export async function buildInitialData(app: FastifyInstance): Promise<InitialData> {
  const regiones = await listActiveRegiones(app.db);
  return {
    updated: new Date().toISOString(),
    generated,
    regiones: regiones
      .filter((r) => RegionCode.safeParse(r.codigo).success)
      .map((r) => ({ codigo: RegionCode.parse(r.codigo), nombre: r.nombre, activa: true })),
    config: { mapsApiKey: app.config.mapsApiKey, vapidPublicKey: app.push.publicKey },
  };
}
