import { parseArgs } from 'node:util';
import { urlOf } from '@extranet/contracts/common/endpoint';
import type {
  EventoParadaTipo,
  ParadaConductor,
  ResultadoPosiciones,
  ViajeConductor,
} from '@extranet/contracts/conductor/conductor';
import {
  createEventoParada,
  getViajeConductor,
  sendPosiciones,
} from '@extranet/contracts/conductor/endpoints';
import { RUTA_A2 } from '../db/seed/ruta-a2.js';
import { kmLineaRecta } from '@extranet/contracts/common/geo';
import { bindOptionValues, CliUsageError } from './command.js';
import type { CliCommand } from './command.js';

const usage = `Uso:
  ruta-demo --url <enlace del conductor> [--intervalo <ms>] [--desde-inicio]
      Reproduce la ruta grabada de la A-2 (Zaragoza → Guadalajara → Madrid) contra un portal en
      marcha, por el endpoint real del móvil del conductor: una posición cada --intervalo ms
      (1500 por omisión), desde la última posición del transporte (o desde Zaragoza con
      --desde-inicio), y la llegada y la carga o descarga al pasar por cada parada.`;

/** Within this distance of a stop the replay reports arrival and the work done there. */
const RADIO_PARADA_KM = 1.5;

interface Enlace {
  /** The portal's origin and any path before `/conductor/`. */
  base: string;
  token: string;
}

function enlaceDe(url: string): Enlace {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CliUsageError('--url no es una URL.');
  }
  const match = /^(.*)\/conductor\/([^/]+)\/?$/.exec(parsed.pathname);
  if (!match) throw new CliUsageError('--url no es un enlace del conductor (…/conductor/<token>).');
  return { base: `${parsed.origin}${match[1]}`, token: decodeURIComponent(match[2]!) };
}

const esperar = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function llamar<T>(enlace: Enlace, method: 'GET' | 'POST', path: string, body?: unknown) {
  const enviar = () =>
    fetch(`${enlace.base}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  let res = await enviar();
  // The driver endpoints are limited per address (60 a minute): a fast replay waits its turn.
  for (let intento = 0; res.status === 429 && intento < 3; intento++) {
    await esperar(Math.max(1, Number(res.headers.get('retry-after')) || 1) * 1000);
    res = await enviar();
  }
  const json = (await res.json().catch(() => null)) as
    (T & { error?: { message?: string } }) | null;
  if (!res.ok) {
    throw new Error(`El portal respondió ${res.status}: ${json?.error?.message ?? res.statusText}`);
  }
  return json as T;
}

const punto = (i: number) => ({ lat: RUTA_A2[i]![0], lng: RUTA_A2[i]![1] });

/** The route point nearest the transport's last position (where the replay goes on from). */
function puntoMasCercano(posicion: { lat: number; lng: number }): number {
  let mejor = 0;
  for (let i = 1; i < RUTA_A2.length; i++) {
    if (kmLineaRecta(punto(i), posicion) < kmLineaRecta(punto(mejor), posicion)) mejor = i;
  }
  return mejor;
}

/** `npm run cli -- ruta-demo --url …`: a newcomer sees the demo shipment move (issue 17.5). */
export const rutaDemoCommand: CliCommand = {
  name: 'ruta-demo',
  summary: 'reproduce la ruta grabada de la A-2 contra el enlace del conductor de un portal',
  usage,
  async run(args, context) {
    const { values, positionals } = parseArgs({
      args: bindOptionValues(args, ['--url']),
      allowPositionals: true,
      options: {
        url: { type: 'string' },
        intervalo: { type: 'string', default: '1500' },
        'desde-inicio': { type: 'boolean', default: false },
      },
    });
    if (positionals.length > 0) throw new CliUsageError(`Argumento inesperado: ${positionals[0]}`);
    if (!values.url) throw new CliUsageError('Falta --url.');
    const intervalo = Number(values.intervalo);
    if (!Number.isInteger(intervalo) || intervalo < 0) {
      throw new CliUsageError('--intervalo debe ser un entero de milisegundos (0 o más).');
    }
    const enlace = enlaceDe(values.url);
    const params = { token: enlace.token };
    const leerViaje = () =>
      llamar<ViajeConductor>(enlace, 'GET', urlOf(getViajeConductor, { params }));
    let viaje = await leerViaje();
    const desde = values['desde-inicio'] || !viaje.eta ? 0 : puntoMasCercano(viaje.eta) + 1;
    if (desde >= RUTA_A2.length) {
      context.out('El transporte ya está al final de la ruta grabada: nada que reproducir.');
      return 0;
    }
    context.out(
      `Transporte ${viaje.transporte.referencia}: ${RUTA_A2.length - desde} posiciones de la A-2, una cada ${intervalo} ms.`,
    );
    const serie = Date.now().toString(36);

    const evento = async (parada: ParadaConductor, tipo: EventoParadaTipo) => {
      await llamar(
        enlace,
        'POST',
        urlOf(createEventoParada, { params: { ...params, paradaId: parada.id } }),
        { id: `ruta-${serie}-${parada.id}-${tipo}`, tipo, ocurrido_at: new Date().toISOString() },
      );
      context.out(
        `  ${tipo === 'llegada' ? 'Llegada' : tipo === 'carga' ? 'Cargado' : 'Descargado'} en ${parada.poblacion}.`,
      );
    };

    for (let i = desde; i < RUTA_A2.length; i++) {
      const p = punto(i);
      // The real time of sending: the replay is faster than a truck, each step under the
      // 5 km a ping may move without a speed check (ruta-a2.ts).
      const resultado = await llamar<ResultadoPosiciones>(
        enlace,
        'POST',
        urlOf(sendPosiciones, { params }),
        {
          posiciones: [
            {
              id: `ruta-${serie}-${i}`,
              ...p,
              precision_m: 10,
              tomada_at: new Date().toISOString(),
            },
          ],
        },
      );
      for (const r of resultado.rechazadas)
        context.err(`  Posición ${r.id} rechazada: ${r.motivo}.`);
      const eta = resultado.eta;
      context.out(
        `${i + 1}/${RUTA_A2.length} ${p.lat.toFixed(4)}, ${p.lng.toFixed(4)}` +
          (eta
            ? ` · ${eta.km_restantes ?? '?'} km por hacer · ${eta.estado.replace('_', ' ')}`
            : ''),
      );
      const siguiente = viaje.paradas.find((s) => s.completada_at === null);
      if (
        siguiente &&
        siguiente.lat !== null &&
        siguiente.lng !== null &&
        kmLineaRecta(p, { lat: siguiente.lat, lng: siguiente.lng }) <= RADIO_PARADA_KM
      ) {
        if (siguiente.llegada_at === null) await evento(siguiente, 'llegada');
        await evento(siguiente, siguiente.tipo);
        viaje = await leerViaje();
      }
      if (intervalo > 0 && i < RUTA_A2.length - 1) {
        await esperar(intervalo);
      }
    }
    context.out('Ruta terminada.');
    return 0;
  },
};
