import { supplierResources } from '@extranet/contracts/menus/menu';
import {
  createVehiculo,
  deactivateVehiculo,
  exportVehiculos,
  getVehiculo,
  listVehiculos,
  listVehiculosMapa,
  updateVehiculo,
} from '@extranet/contracts/vehiculos/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { proveedorSection } from '../../plugins/section-endpoints.js';
import {
  crearVehiculo,
  desactivarVehiculo,
  editarVehiculo,
  exportarVehiculos,
  listarVehiculos,
  mapaVehiculos,
  obtenerVehiculo,
} from './service.js';

/** Vehicle panel of the supplier portal (issue 4), gated by `apiweb.proveedores.panel`. */
const vehiculosRoutes: FastifyPluginAsync = async (app) => {
  const panel = proveedorSection(app, supplierResources.panel);
  await panel.list(listVehiculos, listarVehiculos);
  // The whole filtered panel, not only the loaded rows (issue 16 point 5).
  await panel.exports(exportVehiculos, 'vehiculos', exportarVehiculos);
  await panel.list(listVehiculosMapa, mapaVehiculos);
  await panel.get(getVehiculo, obtenerVehiculo);

  await panel.endpoint(createVehiculo, async (actor, { body }, reply) =>
    reply.code(201).send(await crearVehiculo(app.db, actor, body)),
  );
  await panel.endpoint(updateVehiculo, async (actor, { params, body }) =>
    editarVehiculo(app.db, actor, params.id, body),
  );
  await panel.endpoint(deactivateVehiculo, async (actor, { params }) =>
    desactivarVehiculo(app.db, actor, params.id),
  );
};

export default vehiculosRoutes;
