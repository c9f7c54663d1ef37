import { parseArgs } from 'node:util';
import { PortalUsuario, RecursoUsuario } from '@extranet/contracts/integracion/usuarios';
import type { Kysely } from 'kysely';
import type { Database, Portal, RegionCodigo } from '../db/database.js';
import { portalOfResource } from '../lib/resources.js';
import {
  concederRecurso,
  crearUsuario,
  describirUsuario,
  desactivarUsuario,
  desvincularEmpresa,
  enlaceRecuperacion,
  findUsuario,
  resolveEmpresa,
  retirarRecurso,
  vincularEmpresa,
} from '../modules/integracion/usuarios/service.js';
import { CliUsageError } from './command.js';
import type { CliCommand } from './command.js';

const usage = `Uso:
  usuario create --region <es|it|…> --email <e-mail> --nombre <nombre> [--codigo <código>]
                 [--cliente <empresa>]… [--proveedor <empresa>]…
      Crea un usuario sin contraseña (la elige con el enlace de reset-password).
  usuario disable <usuario>
      Desactiva el usuario y cierra todas sus sesiones y sus "recordarme".
  usuario link <usuario> (--cliente <empresa> | --proveedor <empresa>)
  usuario unlink <usuario> (--cliente <empresa> | --proveedor <empresa>)
      Vincula o desvincula el usuario de un cliente o un proveedor.
  usuario grant <usuario> --recurso <recurso> [--portal clientes|proveedores] [--url <url>]
  usuario revoke <usuario> --recurso <recurso> [--portal clientes|proveedores]
      Da o quita un recurso del menú (p. ej. apiweb.clientes.tracking). Circuitoseguridad
      necesita --url (la del circuito externo).
  usuario reset-password <usuario> [--portal clientes|proveedores]
      Escribe un enlace de recuperación de un solo uso (caduca como el del correo).
  usuario list <usuario>
      Muestra el usuario, sus clientes, proveedores y recursos.

  <usuario>: --id <id>, o --email <e-mail> --region <región>.
  <empresa>: su id o su erp_id; id:12 o erp:C-1001 si hay ambigüedad.`;

const options = {
  id: { type: 'string' },
  email: { type: 'string' },
  region: { type: 'string' },
  nombre: { type: 'string' },
  codigo: { type: 'string' },
  cliente: { type: 'string', multiple: true },
  proveedor: { type: 'string', multiple: true },
  recurso: { type: 'string' },
  portal: { type: 'string' },
  url: { type: 'string' },
} as const;

type Values = ReturnType<
  typeof parseArgs<{ options: typeof options; allowPositionals: true }>
>['values'];

async function usuarioOf(db: Kysely<Database>, values: Values) {
  if (values.id !== undefined) {
    const id = Number(values.id);
    if (!Number.isInteger(id) || id <= 0)
      throw new CliUsageError('--id debe ser un entero positivo.');
    return findUsuario(db, { id });
  }
  if (values.email && values.region) {
    return findUsuario(db, { email: values.email, region: values.region as RegionCodigo });
  }
  throw new CliUsageError('Indique el usuario: --id, o --email y --region.');
}

function portalOption(value: string | undefined): Portal | undefined {
  if (value === undefined) return undefined;
  const parsed = PortalUsuario.safeParse(value);
  if (!parsed.success) throw new CliUsageError('--portal debe ser clientes o proveedores.');
  return parsed.data;
}

/** The one company of link/unlink. */
async function empresaOption(db: Kysely<Database>, values: Values) {
  const clientes = values.cliente ?? [];
  const proveedores = values.proveedor ?? [];
  if (clientes.length + proveedores.length !== 1) {
    throw new CliUsageError('Indique una empresa: --cliente o --proveedor (solo una).');
  }
  const tabla = clientes.length === 1 ? 'clientes' : 'proveedores';
  const empresa = await resolveEmpresa(db, tabla, (clientes[0] ?? proveedores[0])!);
  return { tabla, empresa, nombre: tabla === 'clientes' ? 'cliente' : 'proveedor' } as const;
}

/** `npm run cli -- usuario …`: portal users, by an operator. */
export const usuarioCommand: CliCommand = {
  name: 'usuario',
  summary: 'crea, desactiva, vincula y da recursos a usuarios; enlace de recuperación',
  usage,
  async run(args, context) {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options });
    const [sub, ...rest] = positionals;
    if (rest.length > 0) throw new CliUsageError(`Argumento inesperado: ${rest[0]}`);
    const out = context.out;
    switch (sub) {
      case 'create': {
        for (const name of ['region', 'email', 'nombre'] as const) {
          if (!values[name]?.trim()) throw new CliUsageError(`Falta --${name}.`);
        }
        const db = await context.db();
        const clientes = [];
        for (const ref of values.cliente ?? [])
          clientes.push((await resolveEmpresa(db, 'clientes', ref)).id);
        const proveedores = [];
        for (const ref of values.proveedor ?? []) {
          proveedores.push((await resolveEmpresa(db, 'proveedores', ref)).id);
        }
        const id = await crearUsuario(db, {
          region: values.region!,
          email: values.email!,
          nombre: values.nombre!,
          codigo: values.codigo ?? null,
          clientes,
          proveedores,
        });
        out(
          `Usuario ${id} creado, sin contraseña: dele un enlace con usuario reset-password --id ${id}.`,
        );
        return 0;
      }
      case 'disable': {
        const db = await context.db();
        const usuario = await usuarioOf(db, values);
        await desactivarUsuario(db, usuario.id);
        out(`Usuario ${usuario.id} (${usuario.email}) desactivado; sus sesiones se han cerrado.`);
        return 0;
      }
      case 'link':
      case 'unlink': {
        const db = await context.db();
        const usuario = await usuarioOf(db, values);
        const { tabla, empresa, nombre } = await empresaOption(db, values);
        const label = `${nombre} ${empresa.id} (${empresa.razon_social})`;
        if (sub === 'link') {
          const added = await vincularEmpresa(db, usuario.id, tabla, empresa.id);
          out(
            added
              ? `Usuario ${usuario.id} vinculado al ${label}.`
              : `Ya estaba vinculado al ${label}.`,
          );
          return 0;
        }
        if (!(await desvincularEmpresa(db, usuario.id, tabla, empresa.id))) {
          context.err(`El usuario ${usuario.id} no estaba vinculado al ${label}.`);
          return 1;
        }
        out(`Usuario ${usuario.id} desvinculado del ${label}.`);
        return 0;
      }
      case 'grant':
      case 'revoke': {
        const recurso = values.recurso?.trim();
        if (!recurso) throw new CliUsageError('Falta --recurso.');
        const portal = portalOption(values.portal) ?? portalOfResource(recurso);
        const db = await context.db();
        const usuario = await usuarioOf(db, values);
        if (sub === 'grant') {
          const parsed = RecursoUsuario.safeParse({ portal, recurso, url: values.url });
          if (!parsed.success) throw new CliUsageError('--url no es una URL http(s) válida.');
          const entry = await concederRecurso(db, usuario.id, parsed.data);
          out(
            `Recurso ${recurso} (${portal}, menú ${entry.menu}, ${entry.api}) dado al usuario ${usuario.id}.`,
          );
          return 0;
        }
        if (!(await retirarRecurso(db, usuario.id, portal, recurso))) {
          context.err(`El usuario ${usuario.id} no tenía el recurso ${recurso} en ${portal}.`);
          return 1;
        }
        out(`Recurso ${recurso} (${portal}) retirado al usuario ${usuario.id}.`);
        return 0;
      }
      case 'reset-password': {
        const portal = portalOption(values.portal);
        const db = await context.db();
        const usuario = await usuarioOf(db, values);
        const { link, expiresAt } = await enlaceRecuperacion(
          db,
          context.config(),
          usuario.id,
          portal,
        );
        out(link);
        context.err(
          `Enlace de un solo uso para ${usuario.email}, válido hasta ${expiresAt}. Los anteriores dejan de valer.`,
        );
        return 0;
      }
      case 'list': {
        const db = await context.db();
        const { id } = await usuarioOf(db, values);
        const { usuario, clientes, proveedores, recursos } = await describirUsuario(db, id);
        out(
          [
            usuario.id,
            usuario.region,
            usuario.email,
            usuario.nombre,
            `código: ${usuario.codigo ?? '-'}`,
            `erp_id: ${usuario.erp_id ?? '-'}`,
            usuario.activo ? 'activo' : 'desactivado',
          ].join('\t'),
        );
        for (const c of clientes) out(`cliente\t${c.id}\t${c.erp_id ?? '-'}\t${c.razon_social}`);
        for (const p of proveedores)
          out(`proveedor\t${p.id}\t${p.erp_id ?? '-'}\t${p.razon_social}`);
        for (const r of recursos)
          out(`recurso\t${r.portal}\t${r.recurso}\t${r.api}\tmenú ${r.menu}`);
        return 0;
      }
      case undefined:
        throw new CliUsageError(
          'Falta el subcomando: create, disable, link, unlink, grant, revoke, reset-password o list.',
        );
      default:
        throw new CliUsageError(`Subcomando desconocido: ${sub}`);
    }
  },
};
