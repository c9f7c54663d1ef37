import { endpoint } from '../common/endpoint.js';
import { exportEndpoints } from '../common/export-endpoints.js';

/** The carrier's vehicle panel and availability map (issue 4). Schemas in `vehiculo.ts`. */
const vehiculo = () => import('./vehiculo.js');

export const listVehiculos = endpoint({
  operationId: 'listVehiculos',
  method: 'GET',
  path: '/api/proveedores/vehiculos',
  security: 'session',
  tag: 'vehiculos',
  summary: 'Vehículos propios por matrícula (activos o desactivados, disponibles)',
  schemas: () => vehiculo().then((s) => ({ query: s.VehiculosQuery, response: s.VehiculosPage })),
});

export const exportVehiculos = exportEndpoints({
  operationId: 'exportVehiculos',
  path: '/api/proveedores/vehiculos/export',
  security: 'session',
  tag: 'vehiculos',
  summary: 'Exporta todos los vehículos del panel filtrados, por matrícula',
  schemas: () => vehiculo().then((s) => ({ query: s.VehiculosExportQuery })),
});

export const listVehiculosMapa = endpoint({
  operationId: 'listVehiculosMapa',
  method: 'GET',
  path: '/api/proveedores/vehiculos/mapa',
  security: 'session',
  tag: 'vehiculos',
  summary: 'Posición y disponibilidad de los vehículos activos para el mapa',
  schemas: () => vehiculo().then((s) => ({ response: s.VehiculosMapa })),
});

export const getVehiculo = endpoint({
  operationId: 'getVehiculo',
  method: 'GET',
  path: '/api/proveedores/vehiculos/:id',
  security: 'session',
  tag: 'vehiculos',
  summary: 'Un vehículo propio',
  errors: [404],
  schemas: () => vehiculo().then((s) => ({ params: s.VehiculoIdParams, response: s.Vehiculo })),
});

export const createVehiculo = endpoint({
  operationId: 'createVehiculo',
  method: 'POST',
  path: '/api/proveedores/vehiculos',
  security: 'session',
  tag: 'vehiculos',
  summary: 'Da de alta un vehículo',
  status: 201,
  errors: [409],
  schemas: () => vehiculo().then((s) => ({ body: s.VehiculoCrear, response: s.Vehiculo })),
});

export const updateVehiculo = endpoint({
  operationId: 'updateVehiculo',
  method: 'PATCH',
  path: '/api/proveedores/vehiculos/:id',
  security: 'session',
  tag: 'vehiculos',
  summary: 'Modifica un vehículo activo',
  errors: [404, 409],
  schemas: () =>
    vehiculo().then((s) => ({
      params: s.VehiculoIdParams,
      body: s.VehiculoEditar,
      response: s.Vehiculo,
    })),
});

export const deactivateVehiculo = endpoint({
  operationId: 'deactivateVehiculo',
  method: 'POST',
  path: '/api/proveedores/vehiculos/:id/desactivar',
  security: 'session',
  tag: 'vehiculos',
  summary: 'Desactiva un vehículo: sale del panel y no se puede ofertar con él',
  errors: [404],
  schemas: () => vehiculo().then((s) => ({ params: s.VehiculoIdParams, response: s.Vehiculo })),
});
