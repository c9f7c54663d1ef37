import { prepararViajeDemo } from '../db/seed/viaje-demo.js';
import { CliUsageError } from './command.js';
import type { CliCommand } from './command.js';

const usage = `Uso:
  viaje-demo
      Pone en ruta ahora el transporte de demostración (Zaragoza → Guadalajara → Madrid por la
      A-2): sustituye sus posiciones, eventos y enlaces anteriores, crea un enlace del conductor
      nuevo y escribe su URL (solo se guarda su hash: no se puede volver a mostrar uno anterior).
      Lo mismo hace \`npm start\` al arrancar. Después: ruta-demo --url <enlace>.`;

/** `npm run cli -- viaje-demo`: the demo's moving shipment and its driver link (issue 17.5). */
export const viajeDemoCommand: CliCommand = {
  name: 'viaje-demo',
  summary: 'pone en ruta el transporte de demostración y escribe el enlace del conductor',
  usage,
  async run(args, context) {
    if (args.length > 0) throw new CliUsageError(`Argumento inesperado: ${args[0]}`);
    const viaje = await prepararViajeDemo(await context.db(), context.config());
    if (!viaje) {
      context.err('No hay datos de demostración: ejecute antes `npm run db:seed` o `npm start`.');
      return 1;
    }
    context.out(viaje.url);
    context.err(
      `Transporte ${viaje.referencia}, partidas ${viaje.partidas.join(' y ')} (cliente@demo.es). ` +
        `Enlace válido hasta ${viaje.expiresAt}.`,
    );
    return 0;
  },
};
