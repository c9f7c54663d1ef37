import {
  createOferta,
  exportCargas,
  exportDescartados,
  exportOfertas,
  discardCarga,
  getCarga as getCargaEndpoint,
  listCargas as listCargasEndpoint,
  listCargasMapa,
  createBusquedaCarga,
  deleteBusquedaCarga,
  listBusquedasCargas,
  listDescartados as listDescartadosEndpoint,
  listOfertas as listOfertasEndpoint,
  restoreCarga,
  updateOferta,
  withdrawOferta,
} from '@extranet/contracts/cargas/endpoints';
import { supplierResources } from '@extranet/contracts/menus/menu';
import type { FastifyPluginAsync } from 'fastify';
import { versionesDe } from '../../db/versiones.js';
import { proveedorSection } from '../../plugins/section-endpoints.js';
import {
  crearOferta,
  descartarCarga,
  editarOferta,
  exportCargas as exportCargasStream,
  exportDescartados as exportDescartadosStream,
  exportOfertas as exportOfertasStream,
  getCarga,
  listCargas,
  listDescartados,
  listOfertas,
  mapaCargas,
  restaurarCarga,
  retirarOferta,
} from './service.js';
import { borrarBusqueda, guardarBusqueda, listarBusquedas } from './busquedas.js';

/**
 * Load exchange of the supplier portal (issue 4): open loads, offers, discards and the map.
 * Every handler passes the session's carrier to the service; the repository filters by it.
 */
const cargasRoutes: FastifyPluginAsync = async (app) => {
  const cargas = proveedorSection(app, supplierResources.cargas);
  const ofertas = proveedorSection(app, supplierResources.ofertas);
  const descartados = proveedorSection(app, supplierResources.descartados);

  // Conditional (decision 014): the open loads (global counter), this carrier's offers and
  // discards (its counter).
  await cargas.list(listCargasEndpoint, listCargas, async (db, proveedorId) => [
    'proveedor',
    proveedorId,
    ...(await versionesDe(db, 'proveedor', proveedorId, { cargas: true })),
  ]);
  await proveedorSection(app, supplierResources.mapa).list(listCargasMapa, mapaCargas);
  await cargas.get(getCargaEndpoint, getCarga);

  await ofertas.endpoint(createOferta, async (actor, { params, body }, reply) =>
    reply.code(201).send(await crearOferta(app.db, actor, params.id, body)),
  );
  await ofertas.list(listOfertasEndpoint, listOfertas);
  await ofertas.endpoint(updateOferta, async (actor, { params, body }) =>
    editarOferta(app.db, actor, params.id, body),
  );
  await ofertas.endpoint(withdrawOferta, async (actor, { params }) =>
    retirarOferta(app.db, actor, params.id),
  );

  await descartados.endpoint(discardCarga, async (actor, { params }, reply) => {
    await descartarCarga(app.db, actor, params.id);
    return reply.code(204).send(null);
  });
  await descartados.endpoint(restoreCarga, async (actor, { params }, reply) => {
    await restaurarCarga(app.db, actor, params.id);
    return reply.code(204).send(null);
  });
  await descartados.list(listDescartadosEndpoint, listDescartados);

  // The user's saved searches (issue 20 point 2): its own, in the session's carrier.
  await cargas.endpoint(listBusquedasCargas, async (actor, { query }) =>
    listarBusquedas(app.db, actor, query),
  );
  await cargas.endpoint(createBusquedaCarga, async (actor, { body }, reply) =>
    reply.code(201).send(await guardarBusqueda(app.db, actor, body)),
  );
  await cargas.endpoint(deleteBusquedaCarga, async (actor, { params }, reply) => {
    await borrarBusqueda(app.db, actor, params.id);
    return reply.code(204).send(null);
  });

  // Exports of the whole filtered lists (issue 16 point 5).
  await cargas.exports(exportCargas, 'cargas', exportCargasStream);
  await ofertas.exports(exportOfertas, 'mis-ofertas', exportOfertasStream);
  await descartados.exports(exportDescartados, 'cargas-descartadas', (db, proveedorId, _, format) =>
    exportDescartadosStream(db, proveedorId, format),
  );
};

export default cargasRoutes;
