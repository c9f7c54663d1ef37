import { parseArgs } from 'node:util';
import { createAccessLink, revokeAccessLink } from '../modules/access-links/service.js';
import { bindOptionValues, CliUsageError } from './command.js';
import type { CliCommand } from './command.js';

const usage = `Uso:
  access-link --portal clientes|proveedores --id <id> [--days <días>] [--descripcion <texto>]
      Crea un enlace de acceso {id}/{token} y escribe su URL completa.
  access-link revoke --token <token>
      Revoca un enlace; las sesiones abiertas con él terminan.`;

function positiveInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new CliUsageError(`--${name} debe ser un entero positivo.`);
  return n;
}

/** `npm run cli -- access-link …`: access links for a customer or supplier (spec §2). */
export const accessLinkCommand: CliCommand = {
  name: 'access-link',
  summary: 'crea o revoca enlaces de acceso {id}/{token} a un cliente o proveedor',
  usage,
  async run(args, context) {
    const { values, positionals } = parseArgs({
      args: bindOptionValues(args, ['--token']),
      allowPositionals: true,
      options: {
        portal: { type: 'string' },
        id: { type: 'string' },
        days: { type: 'string' },
        descripcion: { type: 'string' },
        token: { type: 'string' },
      },
    });
    if (positionals[0] === 'revoke') {
      if (!values.token) throw new CliUsageError('Falta --token.');
      const revoked = await revokeAccessLink(await context.db(), context.config(), values.token);
      if (!revoked) {
        context.err('No hay ningún enlace vigente con ese token.');
        return 1;
      }
      context.out('Enlace revocado.');
      return 0;
    }
    if (positionals.length > 0)
      throw new CliUsageError(`Subcomando desconocido: ${positionals[0]}`);
    if (values.portal !== 'clientes' && values.portal !== 'proveedores') {
      throw new CliUsageError('--portal debe ser clientes o proveedores.');
    }
    const id = positiveInt(values.id, 'id');
    if (id === undefined) throw new CliUsageError('Falta --id.');
    const link = await createAccessLink(await context.db(), context.config(), {
      portal: values.portal,
      id,
      days: positiveInt(values.days, 'days'),
      descripcion: values.descripcion,
    });
    context.out(link.url);
    context.err(`Válido hasta ${link.expiresAt}.`);
    return 0;
  },
};
