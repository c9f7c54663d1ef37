import { createSolicitud } from '@extranet/contracts/solicitudes/endpoints';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import {
  json,
  mockApi,
  resetNotifications,
  sentBodies,
  TestProviders,
  testQueryClient,
} from '../../../test/render';
import {
  serverFieldErrors,
  SOLICITUD_VACIA,
  validateSolicitud,
  type SolicitudFormValues,
} from '../validation';
import { SolicitudForm } from './solicitud-form';

const t = (key: string) => i18n.t(key);
const TODAY = '2026-11-22';
const valid: SolicitudFormValues = {
  ...SOLICITUD_VACIA,
  origen_poblacion: 'Zaragoza',
  origen_cp: '50001',
  destino_poblacion: 'Lyon',
  destino_cp: '69001',
  destino_pais_iso: 'FR',
  fecha_carga: '2026-11-25',
  fecha_entrega: '2026-11-27',
  mercancia: 'Palés de azulejos',
  bultos: 12,
  peso_kg: 8000,
};

// The client loads the response schema while the request is in flight; transforming it the first
// time can outlast a findBy on a busy machine, so it is loaded once up front.
beforeAll(() => createSolicitud.schemas());

afterEach(() => {
  resetNotifications();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('validateSolicitud', () => {
  it('accepts a valid request', () => {
    expect(validateSolicitud(valid, t, TODAY)).toEqual({});
  });

  it('mirrors the server rules with its Spanish messages', () => {
    const e = (v: Partial<SolicitudFormValues>) => validateSolicitud({ ...valid, ...v }, t, TODAY);
    expect(e({ origen_poblacion: 'Z' }).origen_poblacion).toBe(
      'La población debe tener al menos 2 caracteres.',
    );
    expect(e({ destino_cp: '1' }).destino_cp).toBe(
      'Código postal no válido: de 3 a 10 letras o cifras.',
    );
    expect(e({ origen_pais_iso: 'XX' }).origen_pais_iso).toBe(
      'País no válido: elija uno de la lista.',
    );
    expect(e({ fecha_carga: null }).fecha_carga).toBe('Indique la fecha de carga.');
    expect(e({ fecha_carga: '2026-11-21', fecha_entrega: null }).fecha_carga).toBe(
      'La fecha de carga no puede ser anterior a hoy.',
    );
    expect(e({ fecha_carga: TODAY }).fecha_carga).toBeUndefined();
    expect(e({ fecha_entrega: '2026-11-24' }).fecha_entrega).toBe(
      'La fecha de entrega no puede ser anterior a la de carga.',
    );
    expect(e({ fecha_entrega: '2026-11-25' }).fecha_entrega).toBeUndefined();
    expect(e({ mercancia: ' ' }).mercancia).toBe('Indique la mercancía.');
    expect(e({ bultos: '' }).bultos).toBe('Como mínimo 1 bulto.');
    expect(e({ bultos: 1000 }).bultos).toBe('Como máximo 999 bultos.');
    expect(e({ peso_kg: 0 }).peso_kg).toBe('El peso debe ser de al menos 1 kg.');
    expect(e({ peso_kg: 40_001 }).peso_kg).toBe('El peso no puede superar 40.000 kg.');
    expect(e({ peso_kg: 40_000 }).peso_kg).toBeUndefined();
  });

  it('maps a server 400 detail list to the fields', () => {
    expect(
      serverFieldErrors([
        { path: '/origen_cp', message: 'Código postal no válido.' },
        { path: 'fecha_carga', message: 'La fecha de carga no puede ser anterior a hoy.' },
        { path: '/desconocido', message: 'x' },
      ]),
    ).toEqual({
      origen_cp: 'Código postal no válido.',
      fecha_carga: 'La fecha de carga no puede ser anterior a hoy.',
    });
    expect(serverFieldErrors(undefined)).toEqual({});
  });
});

function renderForm() {
  return render(
    <TestProviders queryClient={testQueryClient()}>
      <SolicitudForm />
    </TestProviders>,
  );
}

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
}

/** Fills every required field except the dates (pickers), which the test sets by typing ISO. */
function fillForm() {
  const poblaciones = screen.getAllByRole('textbox', { name: /^Población/ });
  fireEvent.change(poblaciones[0]!, { target: { value: 'Zaragoza' } });
  fireEvent.change(poblaciones[1]!, { target: { value: 'Lyon' } });
  const cps = screen.getAllByRole('textbox', { name: /^Código postal/ });
  fireEvent.change(cps[0]!, { target: { value: '50001' } });
  fireEvent.change(cps[1]!, { target: { value: '69001' } });
  type(/^Mercancía/, 'Palés de azulejos');
  type(/^Bultos/, '12');
  type(/^Peso \(kg\)/, '8000');
}

describe('SolicitudForm', () => {
  it('shows the Spanish errors in the browser and sends nothing', async () => {
    const fetchMock = mockApi({});
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(
      await screen.findAllByText('La población debe tener al menos 2 caracteres.'),
    ).toHaveLength(2);
    // The load date comes filled in (the next working day): no error on it.
    expect(screen.queryByText('Indique la fecha de carga.')).not.toBeInTheDocument();
    expect(screen.getByText('Indique la mercancía.')).toBeInTheDocument();
    expect(screen.getByText('Como mínimo 1 bulto.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /api/clientes/solicitudes')).toEqual([]);
  });

  it("on success says exactly 'Solicitud enviada' and resets the form", async () => {
    const fetchMock = mockApi({
      'POST /api/clientes/solicitudes': (body) =>
        json(201, {
          id: 9,
          ...(body as object),
          estado: 'recibida',
          created_at: '2026-11-22T10:00:00.000Z',
        }),
    });
    renderForm();
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByText('Solicitud enviada')).toBeInTheDocument();
    const [sent] = sentBodies(fetchMock, 'POST /api/clientes/solicitudes') as Array<
      Record<string, unknown>
    >;
    expect(sent).toMatchObject({
      origen_poblacion: 'Zaragoza',
      origen_cp: '50001',
      origen_pais_iso: 'ES',
      destino_poblacion: 'Lyon',
      mercancia: 'Palés de azulejos',
      bultos: 12,
      peso_kg: 8000,
      fecha_entrega: null,
    });
    expect(sent?.fecha_carga).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await waitFor(() =>
      expect(screen.getAllByRole('textbox', { name: /^Población/ })[0]).toHaveValue(''),
    );
  });

  it('puts the server’s 400 details on their fields', async () => {
    mockApi({
      'POST /api/clientes/solicitudes': () =>
        json(400, {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'La petición no es válida.',
            details: [{ path: '/destino_cp', message: 'El servidor no conoce ese código postal.' }],
          },
        }),
    });
    renderForm();
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByText('El servidor no conoce ese código postal.')).toBeInTheDocument();
    expect(screen.getByText('Revise los campos marcados.')).toBeInTheDocument();
  });
});
