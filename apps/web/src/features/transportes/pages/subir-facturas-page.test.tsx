import type { TransporteSinFactura } from '@extranet/contracts/transportes/documentos-pendientes';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { withDesktopLayout } from '../../../test/desktop-layout';
import { json, mockApi, TestProviders, testQueryClient } from '../../../test/render';
import { EMPTY_FACTURA, validateFactura } from '../factura-form';
import { SubirFacturasPage, subirFacturasLoader } from './subir-facturas-page';

function transporte(id: number): TransporteSinFactura {
  return {
    id,
    referencia: `T${id}`,
    matricula: '1234 BCD',
    conductor: 'Ana',
    fecha_carga: '2026-11-01',
    fecha_descarga: '2026-11-02',
    origen_poblacion: 'Zaragoza',
    destino_poblacion: 'Lyon',
    importe_centimos: 100000,
    estado: 'entregado',
    bultos: 3,
    peso_kg: 1500,
  };
}

function mount() {
  mockApi({
    'GET /api/proveedores/transportes-sin-factura?transporteId=0&subpartidaId=0&limit=100': () =>
      json(200, { items: [transporte(301), transporte(302)], nextCursor: null }),
  });
  const path = '/proveedores/subir-facturas';
  const router = createMemoryRouter(
    [
      {
        path,
        loader: subirFacturasLoader,
        Component: SubirFacturasPage,
        HydrateFallback: () => null,
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <TestProviders queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

afterEach(() => vi.unstubAllGlobals());

withDesktopLayout();

describe('SubirFacturasPage', () => {
  it('enables "Subir factura" only once a row is checked', async () => {
    mount();
    const button = await screen.findByRole('button', { name: 'Subir factura' });
    expect(button).toBeDisabled();
    await screen.findByText('T301');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar Transporte 301' }));
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar Transporte 301' }));
    await waitFor(() => expect(button).toBeDisabled());
  });

  it('fills the total as base + IVA and refuses a total that does not add up', async () => {
    mount();
    await screen.findByText('T302');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar Transporte 302' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Subir factura' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subir factura' });
    expect(dialog).toHaveTextContent('Cubre 1 transporte (T302)');

    fireEvent.change(screen.getByLabelText(/Base imponible/), { target: { value: '1000' } });
    fireEvent.change(screen.getByLabelText(/^IVA/), { target: { value: '210' } });
    const importe = screen.getByLabelText(/^Importe/);
    await waitFor(() => expect(importe).toHaveValue('1.210'));

    fireEvent.change(importe, { target: { value: '1200' } });
    // The toolbar's button and the dialog's submit share the name: submit the form itself.
    fireEvent.submit(importe.closest('form')!);
    expect(
      await screen.findByText('El importe debe ser la base imponible más el IVA.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Indique el número de factura.')).toBeInTheDocument();
    expect(screen.getByText('Adjunte la factura en PDF.')).toBeInTheDocument();
  });
});

describe('validateFactura', () => {
  const pdf = new File(['%PDF'], 'f.pdf', { type: 'application/pdf' });
  const valid = {
    ...EMPTY_FACTURA,
    numero: 'F-1',
    fecha: '2026-11-20',
    base: 1000,
    iva: 210,
    importe: 1210,
    pdf,
  };

  it('accepts importe = base + IVA to the cent', () => {
    expect(validateFactura(valid, '2026-11-22')).toEqual({});
    expect(validateFactura({ ...valid, base: 0.1, iva: 0.2, importe: 0.3 }, '2026-11-22')).toEqual(
      {},
    );
  });

  it('refuses a wrong total, a future date and missing fields', () => {
    expect(validateFactura({ ...valid, importe: 1210.01 }, '2026-11-22').importe).toBe(
      'subirFacturas.errores.suma',
    );
    expect(validateFactura({ ...valid, fecha: '2026-11-23' }, '2026-11-22').fecha).toBe(
      'subirFacturas.errores.fechaFutura',
    );
    expect(validateFactura(EMPTY_FACTURA, '2026-11-22')).toEqual({
      numero: 'subirFacturas.errores.numero',
      fecha: 'subirFacturas.errores.fecha',
      base: 'subirFacturas.errores.importeNoValido',
      iva: 'subirFacturas.errores.importeNoValido',
      importe: 'subirFacturas.errores.importeNoValido',
      pdf: 'subirFacturas.errores.pdf',
    });
  });
});
