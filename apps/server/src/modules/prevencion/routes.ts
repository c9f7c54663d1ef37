import { supplierResources } from '@extranet/contracts/menus/menu';
import {
  downloadPrevencionArchivo,
  listPrevencion as listPrevencionEndpoint,
  markPrevencionLeido,
} from '@extranet/contracts/prevencion/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { proveedorSection } from '../../plugins/section-endpoints.js';
import { sendArchivo } from '../archivos/send-file.js';
import { archivoDePrevencion, listPrevencion, marcarLeido } from './service.js';

/** Risk-prevention documents: list, download and acknowledgement (issue 4, "Prevención"). */
const prevencionRoutes: FastifyPluginAsync = async (app) => {
  const prevencion = proveedorSection(app, supplierResources.prevencion);
  await prevencion.list(listPrevencionEndpoint, listPrevencion);
  await prevencion.endpoint(downloadPrevencionArchivo, async (_, { params }, reply) =>
    sendArchivo(reply, app, await archivoDePrevencion(app.db, params.id)),
  );
  await prevencion.endpoint(markPrevencionLeido, async (actor, { params }) =>
    marcarLeido(app.db, actor, params.id),
  );
};

export default prevencionRoutes;
