import { customerResources } from '@extranet/contracts/menus/menu';
import { createSugerencia, listSugerencias } from '@extranet/contracts/sugerencias/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { clienteSection } from '../../plugins/section-endpoints.js';
import { crearSugerencia, listSugerenciasPage } from './service.js';

/** "Sugerencias" (issue 5): send a suggestion and list this client's. */
const sugerenciasRoutes: FastifyPluginAsync = async (app) => {
  const sugerencias = clienteSection(app, customerResources.sugerencias);
  await sugerencias.endpoint(createSugerencia, async (actor, { body }, reply) =>
    reply
      .code(201)
      .header('cache-control', 'no-store')
      .send(await crearSugerencia(app.db, actor, body)),
  );
  await sugerencias.list(listSugerencias, listSugerenciasPage);
};

export default sugerenciasRoutes;
