import { endpoint } from '../common/endpoint.js';
import { exportEndpoints } from '../common/export-endpoints.js';

/**
 * The carrier's load exchange (issue 4): open loads, their map, offers and discards. Schemas in
 * `carga.ts` and `oferta.ts`.
 */
const carga = () => import('./carga.js');
const oferta = () => import('./oferta.js');

export const listCargas = endpoint({
  operationId: 'listCargas',
  method: 'GET',
  path: '/api/proveedores/cargas',
  security: 'session',
  tag: 'cargas',
  summary: 'Cargas abiertas (filtros, orden y paginación por cursor)',
  conditional: true,
  schemas: () => carga().then((s) => ({ query: s.CargasQuery, response: s.CargasPage })),
});

export const listCargasMapa = endpoint({
  operationId: 'listCargasMapa',
  method: 'GET',
  path: '/api/proveedores/cargas/mapa',
  security: 'session',
  tag: 'cargas',
  summary: 'Cargas abiertas con coordenadas para el mapa (máximo 500)',
  schemas: () => carga().then((s) => ({ query: s.CargasMapaQuery, response: s.CargasMapa })),
});

export const getCarga = endpoint({
  operationId: 'getCarga',
  method: 'GET',
  path: '/api/proveedores/cargas/:id',
  security: 'session',
  tag: 'cargas',
  summary: 'Detalle de una carga con el historial de ofertas propias',
  errors: [404],
  schemas: () => carga().then((s) => ({ params: s.CargaIdParams, response: s.CargaDetalle })),
});

export const createOferta = endpoint({
  operationId: 'createOferta',
  method: 'POST',
  path: '/api/proveedores/cargas/:id/ofertas',
  security: 'session',
  tag: 'cargas',
  summary: 'Hace una oferta sobre una carga abierta',
  status: 201,
  errors: [404, 409],
  schemas: async () => {
    const [c, o] = await Promise.all([carga(), oferta()]);
    return { params: c.CargaIdParams, body: o.OfertaCrear, response: o.Oferta };
  },
});

export const listOfertas = endpoint({
  operationId: 'listOfertas',
  method: 'GET',
  path: '/api/proveedores/ofertas',
  security: 'session',
  tag: 'cargas',
  summary: 'Ofertas propias con su estado (las más recientes primero)',
  schemas: () => oferta().then((s) => ({ query: s.OfertasQuery, response: s.OfertasPage })),
});

export const updateOferta = endpoint({
  operationId: 'updateOferta',
  method: 'PATCH',
  path: '/api/proveedores/ofertas/:id',
  security: 'session',
  tag: 'cargas',
  summary: 'Cambia el precio o el comentario de una oferta pendiente',
  errors: [404, 409],
  schemas: () =>
    oferta().then((s) => ({ params: s.OfertaIdParams, body: s.OfertaEditar, response: s.Oferta })),
});

export const withdrawOferta = endpoint({
  operationId: 'withdrawOferta',
  method: 'POST',
  path: '/api/proveedores/ofertas/:id/retirar',
  security: 'session',
  tag: 'cargas',
  summary: 'Retira una oferta pendiente',
  errors: [404, 409],
  schemas: () => oferta().then((s) => ({ params: s.OfertaIdParams, response: s.Oferta })),
});

export const discardCarga = endpoint({
  operationId: 'discardCarga',
  method: 'POST',
  path: '/api/proveedores/cargas/:id/descartar',
  security: 'session',
  tag: 'cargas',
  summary: 'Descarta una carga: deja de aparecer en el listado',
  status: 204,
  errors: [404, 409],
  schemas: () => carga().then((s) => ({ params: s.CargaIdParams, response: s.SinContenido })),
});

export const restoreCarga = endpoint({
  operationId: 'restoreCarga',
  method: 'DELETE',
  path: '/api/proveedores/cargas/:id/descartar',
  security: 'session',
  tag: 'cargas',
  summary: 'Restaura una carga descartada',
  status: 204,
  errors: [404],
  schemas: () => carga().then((s) => ({ params: s.CargaIdParams, response: s.SinContenido })),
});

export const listDescartados = endpoint({
  operationId: 'listDescartados',
  method: 'GET',
  path: '/api/proveedores/descartados',
  security: 'session',
  tag: 'cargas',
  summary: 'Cargas descartadas (las más recientes primero)',
  schemas: () => carga().then((s) => ({ query: s.DescartadosQuery, response: s.DescartadosPage })),
});

export const exportCargas = exportEndpoints({
  operationId: 'exportCargas',
  path: '/api/proveedores/cargas/export',
  security: 'session',
  tag: 'cargas',
  summary: 'Exporta todas las cargas abiertas filtradas, en el orden pedido',
  schemas: () => carga().then((s) => ({ query: s.CargasExportQuery })),
});

export const exportOfertas = exportEndpoints({
  operationId: 'exportOfertas',
  path: '/api/proveedores/ofertas/export',
  security: 'session',
  tag: 'cargas',
  summary: 'Exporta todas las ofertas del transportista (filtro por estado)',
  schemas: () => oferta().then((s) => ({ query: s.OfertasExportQuery })),
});

export const exportDescartados = exportEndpoints({
  operationId: 'exportDescartados',
  path: '/api/proveedores/descartados/export',
  security: 'session',
  tag: 'cargas',
  summary: 'Exporta todas las cargas descartadas',
  schemas: async () => ({}),
});

/** The signed-in carrier user's saved load searches (issue 20 point 2). */
const busqueda = () => import('./busqueda.js');

export const listBusquedasCargas = endpoint({
  operationId: 'listBusquedasCargas',
  method: 'GET',
  path: '/api/proveedores/busquedas-cargas',
  security: 'session',
  tag: 'cargas',
  summary: 'Búsquedas de cargas guardadas por el usuario (las más recientes primero)',
  schemas: () =>
    busqueda().then((s) => ({ query: s.BusquedasCargasQuery, response: s.BusquedasCargasPage })),
});

export const createBusquedaCarga = endpoint({
  operationId: 'createBusquedaCarga',
  method: 'POST',
  path: '/api/proveedores/busquedas-cargas',
  security: 'session',
  tag: 'cargas',
  summary: 'Guarda los filtros del listado: avisa de las cargas nuevas que los cumplan',
  status: 201,
  errors: [409],
  schemas: () =>
    busqueda().then((s) => ({ body: s.BusquedaCargaCrear, response: s.BusquedaCarga })),
});

export const deleteBusquedaCarga = endpoint({
  operationId: 'deleteBusquedaCarga',
  method: 'DELETE',
  path: '/api/proveedores/busquedas-cargas/:id',
  security: 'session',
  tag: 'cargas',
  summary: 'Borra una búsqueda guardada',
  status: 204,
  errors: [404],
  schemas: () => busqueda().then((s) => ({ params: s.BusquedaIdParams, response: s.SinContenido })),
});
