import type { Migration, MigrationProvider } from 'kysely';
import * as m01 from './2026-11-22-01-cuentas.js';
import * as m02 from './2026-11-22-02-sesiones.js';
import * as m03 from './2026-11-22-03-portes-facturas.js';
import * as m04 from './2026-11-22-04-cargas-transportes.js';
import * as m05 from './2026-11-22-05-sesiones-enlaces.js';
import * as m06 from './2026-11-22-06-cargas-ofertas.js';
import * as m07 from './2026-11-22-07-transportes-documentos.js';
import * as m08 from './2026-11-22-08-clientes-portal.js';
import * as m09 from './2026-11-22-09-integracion.js';
import * as m10 from './2026-11-22-10-eventos.js';
import * as m11 from './2026-11-22-11-usuarios-erp.js';
import * as m12 from './2026-11-22-12-integracion-cargas-transportes.js';
import * as m13 from './2026-11-22-13-integracion-documentos.js';
import * as m14 from './2026-11-22-14-avisos.js';
import * as m15 from './2026-11-22-15-totp.js';
import * as m16 from './2026-11-22-16-totp-recuperacion.js';
import * as m17 from './2026-11-24-17-transportes-resumen.js';
import * as m18 from './2026-11-25-18-reservas-contenido.js';
import * as m19 from './2026-11-25-19-conductor.js';
import * as m20 from './2026-11-25-20-ecmr.js';
import * as m21 from './2026-11-27-21-enlaces-porte.js';
import * as m22 from './2026-11-27-22-versiones.js';
import * as m23 from './2026-11-27-23-idioma-usuario.js';
import * as m24 from './2026-11-27-24-destinatario-porte.js';
import * as m25 from './2026-11-27-25-avisos-envio.js';
import * as m26 from './2026-11-28-26-firma-enlace-porte.js';
import * as m27 from './2026-11-28-27-centro-avisos.js';
import * as m28 from './2026-11-28-28-avisos-datos.js';
import * as m29 from './2026-11-28-29-versiones-repartidas.js';

/**
 * Every migration, listed explicitly: no filesystem scanning, so the same list works from
 * `src/` under tsx or Vitest and from the compiled `dist/`. Append new ones at the end.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22-01-cuentas': m01,
  '2026-11-22-02-sesiones': m02,
  '2026-11-22-03-portes-facturas': m03,
  '2026-11-22-04-cargas-transportes': m04,
  '2026-11-22-05-sesiones-enlaces': m05,
  '2026-11-22-06-cargas-ofertas': m06,
  '2026-11-22-07-transportes-documentos': m07,
  '2026-11-22-08-clientes-portal': m08,
  '2026-11-22-09-integracion': m09,
  '2026-11-22-10-eventos': m10,
  '2026-11-22-11-usuarios-erp': m11,
  '2026-11-22-12-integracion-cargas-transportes': m12,
  '2026-11-22-13-integracion-documentos': m13,
  '2026-11-22-14-avisos': m14,
  '2026-11-22-15-totp': m15,
  '2026-11-22-16-totp-recuperacion': m16,
  '2026-11-24-17-transportes-resumen': m17,
  '2026-11-25-18-reservas-contenido': m18,
  '2026-11-25-19-conductor': m19,
  '2026-11-25-20-ecmr': m20,
  '2026-11-27-21-enlaces-porte': m21,
  '2026-11-27-22-versiones': m22,
  '2026-11-27-23-idioma-usuario': m23,
  '2026-11-27-24-destinatario-porte': m24,
  '2026-11-27-25-avisos-envio': m25,
  '2026-11-28-26-firma-enlace-porte': m26,
  '2026-11-28-27-centro-avisos': m27,
  '2026-11-28-28-avisos-datos': m28,
  '2026-11-28-29-versiones-repartidas': m29,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
