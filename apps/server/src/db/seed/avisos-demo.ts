import type { Kysely } from 'kysely';
import { madridAUtc } from '../../lib/madrid.js';
import { porteAviso } from '../../modules/integracion/service.js';
import type { EventPayloads } from '../../outbox/events.js';
import { textoDeAviso } from '../../outbox/avisos.js';
import type { Database, Portal } from '../database.js';
import { PARTIDAS_VIAJE_DEMO } from './viaje-demo.js';

/*
 * The demo's notice centre (issue 20 point 2): a few notices of the days before, taken from the
 * demo's own data so they agree with it. The demo customer's users: the latest delivery, the
 * latest delay its tracking reports. The demo carrier's users: its latest accepted and refused
 * offers; and proveedor@demo.es, a saved search with the open load that matched it. Written as
 * `recordEvent` would word them (`textoDeAviso`), but with no event: nothing goes to the ERP's
 * feed, by e-mail or by push. The live trip's stop events and the certificate about to expire
 * are told by the real paths when the demo starts (`prepararViajeDemo`, the jobs).
 */

interface AvisoDemo {
  tipo: string;
  portal: Portal;
  empresaId: number;
  usuarios: readonly number[];
  evento: string;
  payload: unknown;
  createdAt: string;
  leidoAt: string | null;
  clave?: string;
}

const HORA = 3_600_000;

/**
 * Inserts the demo notices. `now`: the seeding instant; no instant written is after it.
 * Deterministic: it reads only rows the seed wrote.
 */
export async function insertAvisosDemo(
  trx: Kysely<Database>,
  ids: { clienteId: number; proveedorId: number; usuarioBusqueda: number },
  fechas: { hoy: string; now: Date },
): Promise<void> {
  const hasta = (instant: number) =>
    new Date(Math.min(instant, fechas.now.getTime())).toISOString();
  const despues = (iso: string, horas: number) => hasta(new Date(iso).getTime() + horas * HORA);
  const avisos: AvisoDemo[] = [];

  const clientes = await usuariosDe(trx, 'cliente', ids.clienteId);
  const entregado = await trx
    .selectFrom('portes')
    .selectAll()
    .where('cliente_id', '=', ids.clienteId)
    .where('estado', '=', 'entregado')
    .where('entregado_at', 'is not', null)
    .orderBy('entregado_at', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  if (entregado) {
    const payload: EventPayloads['porte.entregado'] = {
      ...porteAviso(entregado),
      entregado_at: entregado.entregado_at,
    };
    avisos.push({
      tipo: 'porte_entregado',
      portal: 'clientes',
      empresaId: ids.clienteId,
      usuarios: clientes,
      evento: 'porte.entregado',
      payload,
      createdAt: hasta(new Date(entregado.entregado_at!).getTime()),
      leidoAt: despues(entregado.entregado_at!, 1),
    });
  }

  // The shipment on the road whose latest tracking stop reports the latest delay.
  const retrasos = await trx
    .selectFrom('seguimiento as s')
    .innerJoin('portes as p', 'p.id', 's.porte_id')
    .selectAll('p')
    .select([
      's.id as seguimiento_id',
      's.fecha as s_fecha',
      's.hora as s_hora',
      's.poblacion as s_poblacion',
      's.pais_iso as s_pais_iso',
      's.comentarios as s_comentarios',
      's.retraso as s_retraso',
    ])
    .where('p.cliente_id', '=', ids.clienteId)
    .where('p.estado', '=', 'en_transito')
    .where('p.partida', 'not in', [...PARTIDAS_VIAJE_DEMO])
    .orderBy('s.id')
    .execute();
  const ultimas = new Map(retrasos.map((row) => [row.partida, row]));
  const retrasado = [...ultimas.values()]
    .filter((row) => row.s_retraso > 0)
    .sort((a, b) => `${a.s_fecha}${a.s_hora}`.localeCompare(`${b.s_fecha}${b.s_hora}`))
    .at(-1);
  if (retrasado) {
    const payload: EventPayloads['porte.retrasado'] = {
      ...porteAviso(retrasado),
      retraso_minutos: retrasado.s_retraso,
      parada: {
        fecha: retrasado.s_fecha,
        hora: retrasado.s_hora,
        poblacion: retrasado.s_poblacion,
        pais_iso: retrasado.s_pais_iso,
        comentarios: retrasado.s_comentarios,
      },
    };
    avisos.push({
      tipo: 'porte_retrasado',
      portal: 'clientes',
      empresaId: ids.clienteId,
      usuarios: clientes,
      evento: 'porte.retrasado',
      payload,
      createdAt: hasta(madridAUtc(retrasado.s_fecha, retrasado.s_hora).getTime()),
      leidoAt: null,
    });
  }

  const transportistas = await usuariosDe(trx, 'proveedor', ids.proveedorId);
  for (const [estado, leida] of [
    ['aceptada', false],
    ['rechazada', true],
  ] as const) {
    // The carrier's latest offer the ERP accepted (refused), told two hours after it was made.
    const oferta = await trx
      .selectFrom('ofertas as o')
      .innerJoin('cargas as c', 'c.id', 'o.carga_id')
      .select([
        'o.id as oferta_id',
        'o.precio_centimos',
        'o.created_at',
        'c.id as carga_id',
        'c.referencia',
        'c.origen_poblacion',
        'c.destino_poblacion',
        'c.fecha_carga',
      ])
      .where('o.proveedor_id', '=', ids.proveedorId)
      .where('o.estado', '=', estado)
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id')
      .executeTakeFirst();
    if (!oferta) continue;
    const payload: EventPayloads['oferta.aceptada'] = {
      oferta_id: Number(oferta.oferta_id),
      carga_id: Number(oferta.carga_id),
      proveedor_id: ids.proveedorId,
      referencia: oferta.referencia,
      origen_poblacion: oferta.origen_poblacion,
      destino_poblacion: oferta.destino_poblacion,
      fecha_carga: oferta.fecha_carga,
      precio_centimos: oferta.precio_centimos,
    };
    const createdAt = despues(oferta.created_at, 2);
    avisos.push({
      tipo: 'oferta',
      portal: 'proveedores',
      empresaId: ids.proveedorId,
      usuarios: transportistas,
      evento: `oferta.${estado}`,
      payload,
      createdAt,
      leidoAt: leida ? despues(createdAt, 0.5) : null,
    });
  }

  // A saved search, two days before the latest open load it matches was published.
  const abierta = await trx
    .selectFrom('cargas')
    .selectAll()
    .where('estado', '=', 'abierta')
    .where('fecha_carga', '>=', fechas.hoy)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  if (abierta) {
    const destino = new Intl.DisplayNames(['es'], { type: 'region' }).of(abierta.destino_pais_iso);
    const nombre = `${abierta.origen_poblacion} → ${destino ?? abierta.destino_pais_iso}`;
    const busqueda = await trx
      .insertInto('busquedas_cargas')
      .values({
        usuario_id: ids.usuarioBusqueda,
        proveedor_id: ids.proveedorId,
        nombre,
        filtro: JSON.stringify({
          origenPoblacion: abierta.origen_poblacion,
          destinoPaisIso: abierta.destino_pais_iso,
        }),
        created_at: despues(abierta.created_at, -48),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const payload: EventPayloads['aviso.busqueda'] = {
      usuario_id: ids.usuarioBusqueda,
      proveedor_id: ids.proveedorId,
      busqueda_id: Number(busqueda.id),
      busqueda_nombre: nombre,
      carga: {
        carga_id: Number(abierta.id),
        referencia: abierta.referencia,
        origen_poblacion: abierta.origen_poblacion,
        origen_pais_iso: abierta.origen_pais_iso,
        destino_poblacion: abierta.destino_poblacion,
        destino_pais_iso: abierta.destino_pais_iso,
        fecha_carga: abierta.fecha_carga,
        tipo_vehiculo: abierta.tipo_vehiculo,
      },
    };
    avisos.push({
      tipo: 'carga_publicada',
      portal: 'proveedores',
      empresaId: ids.proveedorId,
      usuarios: [ids.usuarioBusqueda],
      evento: 'aviso.busqueda',
      payload,
      createdAt: hasta(new Date(abierta.created_at).getTime()),
      leidoAt: null,
      clave: `busqueda:${busqueda.id}:carga:${abierta.id}`,
    });
  }

  // Oldest first: the centre lists by id, newest first.
  avisos.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const aviso of avisos) {
    const texto = textoDeAviso(aviso.evento, JSON.stringify(aviso.payload), aviso.portal);
    if (!texto || aviso.usuarios.length === 0) continue;
    await trx
      .insertInto('avisos_usuario')
      .values(
        aviso.usuarios.map((usuarioId) => ({
          usuario_id: usuarioId,
          portal: aviso.portal,
          empresa_id: aviso.empresaId,
          tipo: aviso.tipo,
          evento_id: null,
          titulo: texto.titulo,
          texto: texto.texto,
          datos: JSON.stringify(texto.datos),
          url: texto.url,
          clave: aviso.clave ?? null,
          created_at: aviso.createdAt,
          leido_at: aviso.leidoAt,
        })),
      )
      .execute();
  }
}

/** The users of a client or a carrier, as the outbox finds them. */
async function usuariosDe(
  trx: Kysely<Database>,
  empresa: 'cliente' | 'proveedor',
  id: number,
): Promise<number[]> {
  const rows =
    empresa === 'cliente'
      ? await trx
          .selectFrom('usuarios_clientes')
          .select('usuario_id')
          .where('cliente_id', '=', id)
          .orderBy('usuario_id')
          .execute()
      : await trx
          .selectFrom('usuarios_proveedores')
          .select('usuario_id')
          .where('proveedor_id', '=', id)
          .orderBy('usuario_id')
          .execute();
  return rows.map((row) => Number(row.usuario_id));
}
