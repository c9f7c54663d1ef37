import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useTranslation } from 'react-i18next';
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
import {
  validateVehiculo,
  VehiculoFormModal,
  type VehiculoFormValues,
} from './vehiculo-form-modal';
import i18n from '../../../i18n';

const valid: VehiculoFormValues = {
  matricula: '1234 BCD',
  tipo: 'lona',
  capacidad_kg: 24000,
  palets: 33,
  conductor_nombre: '',
  conductor_telefono: '',
  disponible: true,
  disponible_desde: null,
  disponible_hasta: null,
};
const t = (key: string) => i18n.t(key);

afterEach(() => resetNotifications());

describe('validateVehiculo', () => {
  it('accepts a valid vehicle', () => {
    expect(validateVehiculo(valid, t)).toEqual({});
  });

  it('mirrors the server rules in Spanish', () => {
    expect(validateVehiculo({ ...valid, matricula: ' ' }, t).matricula).toBe(
      'Indique la matrícula.',
    );
    expect(validateVehiculo({ ...valid, matricula: 'AB1' }, t).matricula).toBe(
      'La matrícula es demasiado corta.',
    );
    expect(validateVehiculo({ ...valid, matricula: '12_34' }, t).matricula).toBe(
      'La matrícula solo admite letras, números y guiones.',
    );
    expect(validateVehiculo({ ...valid, tipo: null }, t).tipo).toBe('Elija el tipo de vehículo.');
    expect(validateVehiculo({ ...valid, capacidad_kg: 0 }, t).capacidad_kg).toBe(
      'La capacidad debe estar entre 1 y 60.000 kg.',
    );
    expect(validateVehiculo({ ...valid, capacidad_kg: 60_001 }, t).capacidad_kg).toBeDefined();
    expect(validateVehiculo({ ...valid, capacidad_kg: 60_000 }, t).capacidad_kg).toBeUndefined();
    expect(validateVehiculo({ ...valid, palets: 41 }, t).palets).toBe(
      'Los palets deben estar entre 0 y 40.',
    );
    expect(validateVehiculo({ ...valid, palets: 0 }, t).palets).toBeUndefined();
    expect(validateVehiculo({ ...valid, conductor_telefono: 'abc' }, t).conductor_telefono).toBe(
      'Teléfono no válido.',
    );
    expect(
      validateVehiculo(
        { ...valid, disponible_desde: '2026-03-10', disponible_hasta: '2026-03-09' },
        t,
      ).disponible_hasta,
    ).toBe('La fecha «disponible desde» no puede ser posterior a «disponible hasta».');
  });
});

function Ready({ children }: { children: React.ReactNode }) {
  useTranslation();
  return <>{children}</>;
}

describe('VehiculoFormModal', () => {
  it('shows the errors on submit and sends a valid vehicle', async () => {
    const fetchMock = mockApi({
      'POST /api/proveedores/vehiculos': () =>
        apiError(409, 'PLATE_EXISTS', 'Ya existe un vehículo con esa matrícula.'),
    });
    render(
      <TestProviders queryClient={testQueryClient()}>
        <Ready>
          <VehiculoFormModal opened onClose={() => {}} />
        </Ready>
      </TestProviders>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Dar de alta' }));
    expect(await screen.findByText('Indique la matrícula.')).toBeInTheDocument();
    expect(screen.getByText('La capacidad debe estar entre 1 y 60.000 kg.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /api/proveedores/vehiculos')).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: /Matrícula/ }), {
      target: { value: '1234 bcd' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Capacidad/ }), {
      target: { value: '24.000' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Palets/ }), { target: { value: '33' } });
    // Mantine Select: pick the type from its options.
    fireEvent.click(screen.getByRole('combobox', { name: /Tipo/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Tráiler lona' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dar de alta' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST /api/proveedores/vehiculos')).toEqual([
        {
          matricula: '1234 bcd',
          tipo: 'lona',
          capacidad_kg: 24000,
          palets: 33,
          conductor_nombre: null,
          conductor_telefono: null,
          disponible: true,
          disponible_desde: null,
          disponible_hasta: null,
        },
      ]),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ya existe un vehículo con esa matrícula.',
    );
  });

  it('edits: sends only the changed fields', async () => {
    const vehiculo = testVehiculo({ id: 5 });
    const fetchMock = mockApi({
      'PATCH /api/proveedores/vehiculos/5': () => json(200, { ...vehiculo, palets: 20 }),
    });
    let closed = false;
    render(
      <TestProviders queryClient={testQueryClient()}>
        <VehiculoFormModal opened onClose={() => (closed = true)} vehiculo={vehiculo} />
      </TestProviders>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: /Palets/ }), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(sentBodies(fetchMock, 'PATCH /api/proveedores/vehiculos/5')).toEqual([{ palets: 20 }]);
  });
});
