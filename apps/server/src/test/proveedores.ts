import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { DEMO_PASSWORD, RECURSOS_PROVEEDORES } from '../db/seed/demo.js';
import { hashPassword } from '../modules/auth/password.js';
import type { App } from '../app.js';
import { signedIn, type TestBrowser } from './session.js';

let seq = 0;
let claveHash: Promise<string> | undefined;

/**
 * A carrier company with one signed-in-able user (password DEMO_PASSWORD) holding `recursos`
 * (default: every supplier resource). Returns the ids and the e-mail to log in with.
 */
export async function createProveedorConUsuario(
  db: Kysely<Database>,
  options: { recursos?: readonly string[]; proveedorId?: number } = {},
): Promise<{ proveedorId: number; usuarioId: number; email: string }> {
  seq += 1;
  const tag = `${Date.now().toString(36)}${seq}`;
  const proveedorId =
    options.proveedorId ??
    Number(
      (
        await db
          .insertInto('proveedores')
          .values({
            region: 'es',
            razon_social: `Transportes Prueba ${tag} S.L.`,
            localidad: 'Huesca',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const email = `prov-${tag}@prueba.es`;
  claveHash ??= hashPassword(DEMO_PASSWORD);
  const usuario = await db
    .insertInto('usuarios')
    .values({
      region: 'es',
      email,
      nombre: `Usuario ${tag}`,
      codigo: `P${tag}`,
      clave_hash: await claveHash,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const usuarioId = Number(usuario.id);
  await db
    .insertInto('usuarios_proveedores')
    .values({ usuario_id: usuarioId, proveedor_id: proveedorId })
    .execute();
  const recursos = options.recursos ?? RECURSOS_PROVEEDORES.map((r) => r.recurso);
  if (recursos.length > 0) {
    await db
      .insertInto('recursos')
      .values(
        recursos.map((recurso, i) => ({
          usuario_id: usuarioId,
          portal: 'proveedores' as const,
          recurso,
          api: `/api/proveedores/${recurso.split('.').at(-1)}`,
          menu: i + 1,
        })),
      )
      .execute();
  }
  return { proveedorId, usuarioId, email };
}

/** A browser signed in as the user of a new carrier: one that sees none of the demo's data. */
export async function otroProveedorBrowser(app: App): Promise<TestBrowser> {
  const { email } = await createProveedorConUsuario(app.db);
  return signedIn(app, email, { portal: 'proveedores' });
}

let cargaSeq = 0;

/** An open load leaving Zaragoza for Lyon in a week; override any column. */
export async function insertCarga(
  db: Kysely<Database>,
  overrides: Partial<Insertable<Database['cargas']>> = {},
): Promise<number> {
  cargaSeq += 1;
  const row = await db
    .insertInto('cargas')
    .values({
      referencia: `T-${Date.now().toString(36)}-${cargaSeq}`,
      region: 'es',
      origen_poblacion: 'Zaragoza',
      origen_cp: '50001',
      origen_pais_iso: 'ES',
      origen_lat: 41.65,
      origen_lng: -0.88,
      destino_poblacion: 'Lyon',
      destino_cp: '69001',
      destino_pais_iso: 'FR',
      destino_lat: 45.76,
      destino_lng: 4.83,
      fecha_carga: '2030-01-10',
      fecha_descarga: '2030-01-11',
      tipo_vehiculo: 'lona',
      peso_kg: 20_000,
      palets: 30,
      precio_guia_centimos: 120_000,
      ...overrides,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
