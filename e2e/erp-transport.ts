import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { serverCli, signIn } from './fixtures.js';
import { apiGet, apiPost, isoDaysFromNow } from './supplier/helpers.js';

/** A place as the ERP sends it, with its coordinates. */
export interface ErpPlace {
  poblacion: string;
  cp: string;
  pais_iso: string;
  lat: number;
  lng: number;
}

/** Madrid, where the driver walks start: a place for the ERP and a position for the phone. */
export const MADRID: ErpPlace = {
  poblacion: 'Madrid',
  cp: '28001',
  pais_iso: 'ES',
  lat: 40.4168,
  lng: -3.7038,
};
export const MADRID_GEO = { latitude: MADRID.lat, longitude: MADRID.lng };

export interface ErpTransportOptions {
  /** The API key's name (the operator CLI mints one per spec) and the ids' prefix. */
  nombre: string;
  prefijo: string;
  origen: ErpPlace;
  destino: ErpPlace;
  /** Loading and delivery, in days from today. */
  cargaEnDias: number;
  entregaEnDias: number;
  bultos: number;
  pesoKg: number;
  matricula: string;
  conductor: string;
  importeCentimos: number;
  estadoTransporte: 'asignado' | 'en_transito';
}

/** What a spec needs of the shipment and the transport it posted. */
export interface ErpTransport {
  /** The API key the spec's batches went with (for more calls of the same ERP). */
  key: string;
  sufijo: string;
  partida: string;
  referencia: string;
}

/** An ERP batch with the key: every item accepted. */
async function put(request: APIRequestContext, key: string, url: string, items: unknown[]) {
  const response = await request.put(url, {
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    data: JSON.stringify({ items }),
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * A shipment of cliente@demo.es and the demo carrier's transport carrying it in one leg, posted
 * through the integration API with a key minted by the operator CLI: a transport of the spec's
 * own, which no other spec touches.
 */
export async function postErpTransport(
  request: APIRequestContext,
  o: ErpTransportOptions,
): Promise<ErpTransport> {
  const key = serverCli(
    'api-key',
    'create',
    '--nombre',
    o.nombre,
    '--scopes',
    'portes:write,transportes:write',
  )
    .split('\n')[0]!
    .trim();
  const sufijo = Date.now().toString(36).toUpperCase();
  const partida = `${o.prefijo}-${sufijo}`;
  const referencia = `T${o.prefijo.slice(0, 1)}${sufijo}`;
  const lugares = {
    origen_poblacion: o.origen.poblacion,
    origen_cp: o.origen.cp,
    origen_pais_iso: o.origen.pais_iso,
    destino_poblacion: o.destino.poblacion,
    destino_cp: o.destino.cp,
    destino_pais_iso: o.destino.pais_iso,
  };
  await put(request, key, '/api/integration/v1/portes', [
    {
      partida,
      cliente_erp_id: 'CLI-CLIENTE',
      ref_cliente: `PED-${sufijo}`,
      ...lugares,
      origen_lat: o.origen.lat,
      origen_lng: o.origen.lng,
      destino_lat: o.destino.lat,
      destino_lng: o.destino.lng,
      fecha_carga_prevista: isoDaysFromNow(o.cargaEnDias),
      fecha_entrega_prevista: isoDaysFromNow(o.entregaEnDias),
      bultos: o.bultos,
      peso_kg: o.pesoKg,
      p_facturable_kg: o.pesoKg,
      estado: 'en_transito',
    },
  ]);
  await put(request, key, '/api/integration/v1/transportes', [
    {
      erp_id: `TR-${sufijo}`,
      proveedor_erp_id: 'PRO-DEMO',
      referencia,
      matricula: o.matricula,
      conductor: o.conductor,
      ...lugares,
      fecha_carga: isoDaysFromNow(o.cargaEnDias),
      fecha_descarga: isoDaysFromNow(o.entregaEnDias),
      importe_centimos: o.importeCentimos,
      estado: o.estadoTransporte,
      subpartidas: [
        {
          erp_id: `TR-${sufijo}-1`,
          origen_poblacion: o.origen.poblacion,
          destino_poblacion: o.destino.poblacion,
          bultos: o.bultos,
          peso_kg: o.pesoKg,
          partida,
        },
      ],
    },
  ]);
  return { key, sufijo, partida, referencia };
}

/**
 * The driver link of the posted transport `referencia`, as its carrier makes it: the demo
 * carrier signs in on `page` and creates the link from its transport history's row.
 */
export async function driverLinkOf(
  page: Page,
  referencia: string,
): Promise<{ path: string; token: string }> {
  // Through the API alone (cookies shared with `page`): no page of the portal is needed.
  await signIn(page, 'proveedor@demo.es', 'proveedores');
  const { items } = await apiGet<{ items: Array<{ id: number; referencia: string }> }>(
    page,
    '/api/proveedores/transportes?limit=200',
  );
  const transporte = items.find((t) => t.referencia === referencia);
  expect(transporte, referencia).toBeDefined();
  const enlace = await apiPost<{ url: string }>(
    page,
    `/api/proveedores/transportes/${transporte!.id}/enlaces-conductor`,
  );
  expect(enlace.status).toBe(201);
  const path = new URL(enlace.body.url).pathname;
  return { path, token: path.split('/').at(-1)! };
}
