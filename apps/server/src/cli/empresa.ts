import { parseArgs } from 'node:util';
import { ErpId } from '@extranet/contracts/integracion/integracion';
import { asignarErpIdEmpresa } from '../modules/integracion/usuarios/service.js';
import { CliUsageError } from './command.js';
import type { CliCommand } from './command.js';

const usage = `Uso:
  empresa erp-id (--cliente <id> | --proveedor <id>) --erp-id <erp_id>
      Da a un cliente o proveedor existente su id del ERP (p. ej. C-1001), para que la API de
      integración lo actualice en vez de crear otro. Un erp_id ya usado por otra empresa se rechaza.`;

/** `npm run cli -- empresa …`: clients and suppliers. */
export const empresaCommand: CliCommand = {
  name: 'empresa',
  summary: 'asigna a un cliente o proveedor existente su erp_id',
  usage,
  async run(args, context) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        cliente: { type: 'string' },
        proveedor: { type: 'string' },
        'erp-id': { type: 'string' },
      },
    });
    const [sub, ...rest] = positionals;
    if (rest.length > 0) throw new CliUsageError(`Argumento inesperado: ${rest[0]}`);
    if (sub === undefined) throw new CliUsageError('Falta el subcomando: erp-id.');
    if (sub !== 'erp-id') throw new CliUsageError(`Subcomando desconocido: ${sub}`);
    if ((values.cliente === undefined) === (values.proveedor === undefined)) {
      throw new CliUsageError('Indique --cliente o --proveedor (solo uno).');
    }
    const tabla = values.cliente !== undefined ? 'clientes' : 'proveedores';
    const idText = (values.cliente ?? values.proveedor)!;
    const id = Number(idText);
    if (!/^\d+$/.test(idText) || id <= 0) {
      throw new CliUsageError(
        `--${tabla === 'clientes' ? 'cliente' : 'proveedor'} debe ser un id (entero positivo).`,
      );
    }
    const erpId = ErpId.safeParse(values['erp-id'] ?? '');
    if (!erpId.success) throw new CliUsageError('Falta --erp-id (de 1 a 64 caracteres).');
    const { anterior } = await asignarErpIdEmpresa(await context.db(), tabla, id, erpId.data);
    const nombre = tabla === 'clientes' ? 'Cliente' : 'Proveedor';
    context.out(
      anterior && anterior !== erpId.data
        ? `${nombre} ${id}: erp_id ${anterior} → ${erpId.data}.`
        : `${nombre} ${id}: erp_id ${erpId.data}.`,
    );
    return 0;
  },
};
