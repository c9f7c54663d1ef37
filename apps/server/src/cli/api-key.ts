import { parseArgs } from 'node:util';
import { ApiScope, apiScopes } from '@extranet/contracts/integracion/integracion';
import { createApiKey, listApiKeys, revokeApiKey } from '../modules/api-keys/service.js';
import { CliUsageError } from './command.js';
import type { CliCommand } from './command.js';

const usage = `Uso:
  api-key create --nombre <nombre> --scopes <permiso>[,<permiso>…]
      Crea una clave de API para el ERP y la escribe UNA sola vez (solo se guarda su hash).
      Permisos: ${apiScopes.join(', ')}
  api-key revoke --id <id>
      Revoca una clave: deja de funcionar en la siguiente llamada.
  api-key list
      Lista las claves (id, prefijo, nombre, permisos, último uso, revocada).`;

function parseScopes(value: string | undefined): ApiScope[] {
  if (!value) throw new CliUsageError('Falta --scopes.');
  const scopes = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = scopes.filter((s) => !ApiScope.safeParse(s).success);
  if (unknown.length > 0) {
    throw new CliUsageError(
      `Permiso desconocido: ${unknown.join(', ')}. Permisos: ${apiScopes.join(', ')}.`,
    );
  }
  if (scopes.length === 0) throw new CliUsageError('Falta --scopes.');
  return scopes as ApiScope[];
}

/** `npm run cli -- api-key …`: keys of the ERP integration API. */
export const apiKeyCommand: CliCommand = {
  name: 'api-key',
  summary: 'crea, revoca o lista claves de la API de integración (ERP)',
  usage,
  async run(args, context) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        nombre: { type: 'string' },
        scopes: { type: 'string' },
        id: { type: 'string' },
      },
    });
    const [sub, ...rest] = positionals;
    if (rest.length > 0) throw new CliUsageError(`Argumento inesperado: ${rest[0]}`);
    switch (sub) {
      case 'create': {
        const nombre = values.nombre?.trim();
        if (!nombre) throw new CliUsageError('Falta --nombre.');
        const scopes = parseScopes(values.scopes);
        const created = await createApiKey(await context.db(), { nombre, scopes });
        context.out(created.key);
        context.err(
          `Clave ${created.id} (${nombre}, ${scopes.join(', ')}) creada. Guárdela ahora: no se volverá a mostrar.`,
        );
        return 0;
      }
      case 'revoke': {
        const id = Number(values.id);
        if (values.id === undefined) throw new CliUsageError('Falta --id.');
        if (!Number.isInteger(id) || id <= 0) {
          throw new CliUsageError('--id debe ser un entero positivo.');
        }
        if (!(await revokeApiKey(await context.db(), id))) {
          context.err(`No hay ninguna clave vigente con id ${id}.`);
          return 1;
        }
        context.out(`Clave ${id} revocada.`);
        return 0;
      }
      case 'list': {
        const keys = await listApiKeys(await context.db());
        if (keys.length === 0) {
          context.out('No hay claves de API.');
          return 0;
        }
        for (const k of keys) {
          const estado = k.revokedAt ? `revocada ${k.revokedAt}` : 'vigente';
          context.out(
            [
              k.id,
              `ext_${k.prefix}_…`,
              k.nombre,
              k.scopes.join(','),
              `último uso: ${k.lastUsedAt ?? 'nunca'}`,
              estado,
            ].join('\t'),
          );
        }
        return 0;
      }
      case undefined:
        throw new CliUsageError('Falta el subcomando: create, revoke o list.');
      default:
        throw new CliUsageError(`Subcomando desconocido: ${sub}`);
    }
  },
};
