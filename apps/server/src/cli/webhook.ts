import { parseArgs } from 'node:util';
import { clock } from '../lib/clock.js';
import { randomToken } from '../lib/tokens.js';
import { isTipoEvento, TIPOS_EVENTO } from '@extranet/contracts/integracion/tipos-evento';
import {
  countByEstado,
  deleteWebhook,
  insertWebhook,
  listLastErrors,
  listWebhooks,
} from '../outbox/repository.js';
import { CliUsageError } from './command.js';
import type { CliCommand } from './command.js';

const webhookUsage = `Uso:
  webhook add --url <https://…> --tipos <tipo,tipo…>
      Da de alta un webhook y escribe su secreto (solo se muestra una vez).
      Tipos: ${TIPOS_EVENTO.join(', ')}
  webhook list
      Lista los webhooks con sus entregas correctas y fallidas.
  webhook remove --id <id>
      Elimina un webhook; sus entregas pendientes se dan por fallidas.

Cada entrega es un POST JSON {id, tipo, created_at, payload} con las cabeceras
X-Extranet-Timestamp y X-Extranet-Signature: sha256=<HMAC-SHA256 hex de "<timestamp>.<cuerpo>">.`;

function parseUrl(value: string | undefined): string {
  if (!value) throw new CliUsageError('Falta --url.');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CliUsageError('--url debe ser una URL válida.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new CliUsageError('--url debe ser http:// o https://.');
  }
  return url.toString();
}

function parseTipos(value: string | undefined): string[] {
  if (!value) throw new CliUsageError('Falta --tipos.');
  const tipos = [...new Set(value.split(',').map((t) => t.trim()))].filter(Boolean);
  const unknown = tipos.filter((t) => !isTipoEvento(t));
  if (tipos.length === 0 || unknown.length > 0) {
    throw new CliUsageError(
      `Tipos desconocidos: ${unknown.join(', ') || '(ninguno)'}. Válidos: ${TIPOS_EVENTO.join(', ')}.`,
    );
  }
  return tipos;
}

/** `npm run cli -- webhook …`: the URLs that receive signed events (issue 6). */
export const webhookCommand: CliCommand = {
  name: 'webhook',
  summary: 'da de alta, lista o elimina webhooks firmados de eventos',
  usage: webhookUsage,
  async run(args, context) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { url: { type: 'string' }, tipos: { type: 'string' }, id: { type: 'string' } },
    });
    const sub = positionals[0];
    if (positionals.length !== 1) throw new CliUsageError('Indique add, list o remove.');
    if (sub === 'add') {
      const url = parseUrl(values.url);
      const tipos = parseTipos(values.tipos);
      const secret = randomToken();
      const id = await insertWebhook(await context.db(), {
        url,
        secret,
        tipos,
        now: clock.now().toISOString(),
      });
      context.out(`Webhook ${id} creado: ${url} (${tipos.join(', ')})`);
      context.out(`Secreto (guárdelo ahora; no se vuelve a mostrar): ${secret}`);
      return 0;
    }
    if (sub === 'list') {
      const webhooks = await listWebhooks(await context.db());
      if (webhooks.length === 0) {
        context.out('No hay webhooks.');
        return 0;
      }
      for (const w of webhooks) {
        context.out(
          `${w.id}\t${w.activo ? 'activo' : 'inactivo'}\t${w.url}\t${w.tipos.join(',')}\t` +
            `entregadas ${w.entregadas}\tfallidas ${w.fallidas}`,
        );
      }
      return 0;
    }
    if (sub === 'remove') {
      const id = Number(values.id);
      if (!values.id || !Number.isInteger(id) || id <= 0) {
        throw new CliUsageError('--id debe ser un entero positivo.');
      }
      if (!(await deleteWebhook(await context.db(), id))) {
        context.err(`No existe el webhook ${id}.`);
        return 1;
      }
      context.out(`Webhook ${id} eliminado.`);
      return 0;
    }
    throw new CliUsageError(`Subcomando desconocido: ${sub}`);
  },
};

const outboxUsage = `Uso:
  outbox status [--errores <n>]
      Entregas (e-mail, push, webhook) por estado y los últimos errores (10 por defecto).`;

/** `npm run cli -- outbox status`: how the outbox is doing. */
export const outboxCommand: CliCommand = {
  name: 'outbox',
  summary: 'estado de las entregas de eventos (e-mail, push, webhooks) y últimos errores',
  usage: outboxUsage,
  async run(args, context) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { errores: { type: 'string' } },
    });
    if (positionals.length !== 1 || positionals[0] !== 'status') {
      throw new CliUsageError('Indique status.');
    }
    const limit = values.errores === undefined ? 10 : Number(values.errores);
    if (!Number.isInteger(limit) || limit < 0) {
      throw new CliUsageError('--errores debe ser un entero no negativo.');
    }
    const db = await context.db();
    const counts = await countByEstado(db);
    const total = (estado: string) =>
      counts.filter((c) => c.estado === estado).reduce((sum, c) => sum + c.n, 0);
    context.out(
      `Entregas: pendiente ${total('pendiente')} · entregada ${total('entregada')} · fallida ${total('fallida')}`,
    );
    for (const c of counts) context.out(`  ${c.canal}\t${c.estado}\t${c.n}`);
    const errors = limit === 0 ? [] : await listLastErrors(db, limit);
    if (errors.length > 0) {
      context.out('Últimos errores:');
      for (const e of errors) {
        const next = e.estado === 'pendiente' ? `, reintento ${String(e.proximo_intento_at)}` : '';
        context.out(
          `  #${e.id} ${e.tipo} ${e.canal}→${e.destino} ${e.estado} (intento ${e.intentos}${next}): ${e.ultimo_error}`,
        );
      }
    }
    return 0;
  },
};
