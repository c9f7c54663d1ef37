import type { Oferta } from '@extranet/contracts/cargas/oferta';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  apiError,
  json,
  mockApi,
  resetNotifications,
  sentBodies,
  TestProviders,
  testQueryClient,
} from '../../../test/render';
import { testVehiculo } from '../../../test/vehiculos';
import { OfertaModal, type OfertaModalTarget } from './oferta-modal';

const carga = {
  id: 7,
  referencia: 'C26-5007',
  origen_poblacion: 'Madrid',
  destino_poblacion: 'Lyon',
  fecha_carga: '2026-03-09',
  precio_guia_centimos: 150000,
};
const vehiculos = {
  items: [testVehiculo()],
  nextCursor: null,
};

const ofertaCreada: Oferta = {
  id: 41,
  carga_id: 7,
  precio_centimos: 123456,
  comentarios: 'Disponible mañana',
  vehiculo_id: null,
  estado: 'pendiente',
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  carga: {
    referencia: carga.referencia,
    origen_poblacion: carga.origen_poblacion,
    origen_pais_iso: 'ES',
    destino_poblacion: carga.destino_poblacion,
    destino_pais_iso: 'FR',
    fecha_carga: carga.fecha_carga,
    fecha_descarga: '2026-03-10',
    tipo_vehiculo: 'lona',
    peso_kg: 12000,
    precio_guia_centimos: carga.precio_guia_centimos,
    estado: 'abierta',
  },
};

function renderModal(target: OfertaModalTarget, bloqueo?: string) {
  let closed = false;
  render(
    <TestProviders queryClient={testQueryClient()}>
      <OfertaModal target={target} onClose={() => (closed = true)} bloqueo={bloqueo} />
    </TestProviders>,
  );
  return { isClosed: () => closed };
}

const precio = () => screen.getByRole('textbox', { name: /Precio/ });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Enviar oferta' }));

beforeEach(() => resetNotifications());
afterEach(() => resetNotifications());

describe('OfertaModal', () => {
  it('validates the price in Spanish before calling the server', async () => {
    const fetchMock = mockApi({
      'GET /api/proveedores/vehiculos?activo=true&limit=200': () => json(200, vehiculos),
    });
    renderModal({ mode: 'crear', carga });
    expect(screen.getByText('Precio guía: 1.500,00 €')).toBeInTheDocument();
    submit();
    expect(await screen.findByText('Indique el precio.')).toBeInTheDocument();
    fireEvent.change(precio(), { target: { value: '0' } });
    submit();
    expect(await screen.findByText('El precio debe ser mayor que 0.')).toBeInTheDocument();
    fireEvent.change(precio(), { target: { value: '100000,01' } });
    submit();
    expect(await screen.findByText('El precio no puede superar 100.000,00 €.')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Comentario' }), {
      target: { value: 'x'.repeat(501) },
    });
    submit();
    expect(
      await screen.findByText('El comentario admite como mucho 500 caracteres.'),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /api/proveedores/cargas/7/ofertas')).toHaveLength(0);
  });

  it('sends the price in cents and closes on success', async () => {
    const fetchMock = mockApi({
      'GET /api/proveedores/vehiculos?activo=true&limit=200': () => json(200, vehiculos),
      'POST /api/proveedores/cargas/7/ofertas': () => json(201, ofertaCreada),
    });
    const modal = renderModal({ mode: 'crear', carga });
    fireEvent.change(precio(), { target: { value: '1.234,56' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Comentario' }), {
      target: { value: '  Disponible mañana ' },
    });
    submit();
    await waitFor(() => expect(modal.isClosed()).toBe(true));
    expect(sentBodies(fetchMock, 'POST /api/proveedores/cargas/7/ofertas')).toEqual([
      { precio_centimos: 123456, vehiculo_id: null, comentarios: 'Disponible mañana' },
    ]);
  });

  it('shows the server error (e.g. CERTIFICATE_EXPIRED with its reason) and stays open', async () => {
    mockApi({
      'GET /api/proveedores/vehiculos?activo=true&limit=200': () => json(200, vehiculos),
      'POST /api/proveedores/cargas/7/ofertas': () =>
        apiError(409, 'CERTIFICATE_EXPIRED', 'Certificado caducado: Seguro de mercancías (CMR).'),
    });
    const modal = renderModal({ mode: 'crear', carga });
    fireEvent.change(precio(), { target: { value: '900' } });
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Certificado caducado: Seguro de mercancías (CMR).',
    );
    expect(modal.isClosed()).toBe(false);
  });

  it('blocks a new offer while a certificate block applies', () => {
    mockApi({
      'GET /api/proveedores/vehiculos?activo=true&limit=200': () => json(200, vehiculos),
    });
    renderModal({ mode: 'crear', carga }, 'El seguro de mercancías está caducado.');
    expect(screen.getByText('El seguro de mercancías está caducado.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar oferta' })).toBeDisabled();
  });

  it('changing an offer sends only what changed, and the server message on LOAD_CLOSED', async () => {
    const fetchMock = mockApi({
      'PATCH /api/proveedores/ofertas/41': () =>
        apiError(409, 'LOAD_CLOSED', 'La carga ya no está abierta.'),
    });
    renderModal({
      mode: 'editar',
      carga,
      ofertaId: 41,
      precioCentimos: 120000,
      comentarios: 'Hola',
    });
    expect(precio()).toHaveValue('1.200');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No ha cambiado el precio ni el comentario.',
    );
    fireEvent.change(precio(), { target: { value: '1.250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('La carga ya no está abierta.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PATCH /api/proveedores/ofertas/41')).toEqual([
      { precio_centimos: 125000 },
    ]);
  });
});
