import { beforeAll, describe, expect, it } from 'vitest';
import { checkResetToken } from '../modules/password-reset/service.js';
import { cliTestApp } from '../test/cli.js';
import { testDatabases } from '../test/databases.js';

describe.each(testDatabases())('CLI usuario y empresa ($name)', ({ open }) => {
  let clienteId: number;
  let otroClienteId: number;
  let proveedorId: number;
  const ctx = cliTestApp(open);
  const { out, err, cli } = ctx;
  /** `usuario create` in region es; `extra`: more options (`--cliente …`). */
  const crear = (email: string, nombre: string, ...extra: string[]) =>
    cli('usuario', 'create', '--region', 'es', '--email', email, '--nombre', nombre, ...extra);

  beforeAll(async () => {
    const empresa = { region: 'es' as const, razon_social: 'Transportes Uno', localidad: 'Huesca' };
    clienteId = (
      await ctx.app.db
        .insertInto('clientes')
        .values({ ...empresa, erp_id: 'C-7' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    otroClienteId = (
      await ctx.app.db
        .insertInto('clientes')
        .values({ ...empresa, razon_social: 'Sin ERP' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    proveedorId = (
      await ctx.app.db
        .insertInto('proveedores')
        .values(empresa)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });

  it('create, link, grant, list, revoke, unlink, reset-password y disable', async () => {
    expect(await crear('Ana@Example.es', 'Ana', '--cliente', 'C-7')).toBe(0);
    const id = Number(/Usuario (\d+) creado/.exec(out.at(-1)!)?.[1]);
    const user = await ctx.app.db
      .selectFrom('usuarios')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email: 'ana@example.es', region: 'es', erp_id: null, activo: 1 });

    // Same e-mail and region again: refused with the reason, exit 1.
    expect(await crear('ana@example.es', 'Otra')).toBe(1);
    expect(err.at(-1)).toBe('Ya hay un usuario con el e-mail ana@example.es en la región es.');
    expect(await crear('mal', 'X')).toBe(1);
    expect(err.at(-1)).toMatch(/^email: /);

    expect(
      await cli('usuario', 'link', '--id', String(id), '--cliente', String(otroClienteId)),
    ).toBe(0);
    expect(
      await cli(
        'usuario',
        'link',
        '--email',
        'ana@example.es',
        '--region',
        'es',
        '--proveedor',
        `id:${proveedorId}`,
      ),
    ).toBe(0);
    expect(
      await cli('usuario', 'grant', '--id', String(id), '--recurso', 'apiweb.clientes.tracking'),
    ).toBe(0);
    expect(
      await cli('usuario', 'grant', '--id', String(id), '--recurso', 'apiweb.proveedores.cargas'),
    ).toBe(0);
    expect(
      await cli('usuario', 'grant', '--id', String(id), '--recurso', 'apiweb.clientes.nada'),
    ).toBe(1);
    expect(err.at(-1)).toBe('El recurso apiweb.clientes.nada no existe en el portal clientes.');
    expect(
      await cli('usuario', 'grant', '--id', String(id), '--recurso', 'Circuitoseguridad'),
    ).toBe(1);
    expect(err.at(-1)).toBe('Circuitoseguridad necesita la URL del circuito.');

    out.length = 0;
    expect(await cli('usuario', 'list', '--id', String(id))).toBe(0);
    expect(out).toEqual([
      `${id}\tes\tana@example.es\tAna\tcódigo: -\terp_id: -\tactivo`,
      `cliente\t${clienteId}\tC-7\tTransportes Uno`,
      `cliente\t${otroClienteId}\t-\tSin ERP`,
      `proveedor\t${proveedorId}\t-\tTransportes Uno`,
      'recurso\tclientes\tapiweb.clientes.tracking\t/api/clientes/tracking\tmenú 1',
      'recurso\tproveedores\tapiweb.proveedores.cargas\t/api/proveedores/cargas\tmenú 1',
    ]);

    expect(
      await cli('usuario', 'revoke', '--id', String(id), '--recurso', 'apiweb.proveedores.cargas'),
    ).toBe(0);
    expect(
      await cli('usuario', 'revoke', '--id', String(id), '--recurso', 'apiweb.proveedores.cargas'),
    ).toBe(1);
    expect(
      await cli('usuario', 'unlink', '--id', String(id), '--proveedor', String(proveedorId)),
    ).toBe(0);
    expect(
      await cli('usuario', 'unlink', '--id', String(id), '--proveedor', String(proveedorId)),
    ).toBe(1);
    out.length = 0;
    await cli('usuario', 'list', '--id', String(id));
    expect(out.join('\n')).not.toContain('proveedor');

    // The printed link is a real recovery link: the e-mail's URL, token and lifetime.
    expect(await cli('usuario', 'reset-password', '--id', String(id))).toBe(0);
    const link = out.at(-1)!;
    expect(link).toMatch(new RegExp(`^${ctx.app.config.publicUrl}/nueva-clave\\?portal=clientes#`));
    const token = link.split('#')[1]!;
    expect(await checkResetToken(ctx.app, token)).toEqual({ valid: true, email: 'a*a@example.es' });
    const reset = await ctx.app.db
      .selectFrom('password_resets')
      .selectAll()
      .where('usuario_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(reset.expires_at) - Date.parse(reset.created_at)).toBe(60 * 60_000);

    await ctx.app.db
      .insertInto('sesiones')
      .values({
        id: 'sesion-ana',
        usuario_id: id,
        portal: 'clientes',
        region: 'es',
        cliente_id: clienteId,
        proveedor_id: null,
        datos: null,
        expires_at: '2099-01-01T00:00:00.000Z',
        access_token_id: null,
      })
      .execute();
    expect(await cli('usuario', 'disable', '--id', String(id))).toBe(0);
    const after = await ctx.app.db
      .selectFrom('usuarios')
      .select('activo')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after.activo).toBe(0);
    expect(
      await ctx.app.db.selectFrom('sesiones').select('id').where('usuario_id', '=', id).execute(),
    ).toEqual([]);
    expect((await checkResetToken(ctx.app, token)).valid).toBe(false);
    expect(await cli('usuario', 'reset-password', '--id', String(id))).toBe(1);
    expect(err.at(-1)).toBe(`El usuario ${id} está desactivado.`);
  });

  it('empresa erp-id da el id del ERP y rechaza uno ya usado', async () => {
    expect(
      await cli('empresa', 'erp-id', '--cliente', String(otroClienteId), '--erp-id', 'C-8'),
    ).toBe(0);
    expect(out.at(-1)).toBe(`Cliente ${otroClienteId}: erp_id C-8.`);
    expect(
      await cli('empresa', 'erp-id', '--cliente', String(otroClienteId), '--erp-id', 'C-7'),
    ).toBe(1);
    expect(err.at(-1)).toBe(`El erp_id C-7 ya es del cliente ${clienteId} (Transportes Uno).`);
    expect(
      await cli('empresa', 'erp-id', '--proveedor', String(proveedorId), '--erp-id', 'C-7'),
    ).toBe(0);
    expect(await cli('empresa', 'erp-id', '--cliente', '999999', '--erp-id', 'C-9')).toBe(1);
    expect(err.at(-1)).toBe('No hay ningún cliente con id 999999.');
    // Bare numbers are our ids; `erp:` forces the ERP's.
    await cli(
      'empresa',
      'erp-id',
      '--cliente',
      String(clienteId),
      '--erp-id',
      String(otroClienteId),
    );
    expect(await crear('b@example.es', 'B', '--cliente', String(otroClienteId))).toBe(1);
    expect(err.at(-1)).toContain(`escriba id:${otroClienteId} o erp:${otroClienteId}`);
    expect(await crear('b@example.es', 'B', '--cliente', `erp:${otroClienteId}`)).toBe(0);
  });

  it('errores de uso en español con código 2; --help con 0', async () => {
    expect(await cli('usuario', 'create', '--region', 'es', '--email', 'x@example.es')).toBe(2);
    expect(err.at(-1)).toMatch(/^Falta --nombre\./);
    expect(await cli('usuario', 'disable')).toBe(2);
    expect(err.at(-1)).toMatch(/^Indique el usuario: --id, o --email y --region\./);
    expect(await cli('usuario', 'link', '--id', '1')).toBe(2);
    expect(await cli('usuario', 'grant', '--id', '1', '--recurso', 'x', '--portal', 'otro')).toBe(
      2,
    );
    expect(await cli('usuario', 'borrar')).toBe(2);
    expect(await cli('usuario')).toBe(2);
    expect(await cli('empresa', 'erp-id', '--cliente', '1')).toBe(2);
    expect(err.at(-1)).toMatch(/^Falta --erp-id/);
    expect(
      await cli('empresa', 'erp-id', '--cliente', '1', '--proveedor', '2', '--erp-id', 'X'),
    ).toBe(2);
    expect(await cli('usuario', '--help')).toBe(0);
    expect(out.at(-1)).toContain('usuario reset-password');
    expect(await cli('empresa', '--help')).toBe(0);
    expect(out.at(-1)).toContain('empresa erp-id');
  });
});
