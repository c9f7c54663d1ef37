import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, sentBodies } from '../../test/render';
import { format } from '../i18n';
import es from '../locales/es.json';
import EcmrCard, { puedeFirmar } from './ecmr-card';
import { canvasDePrueba, trazar } from './test-canvas';

const URL_ECMR = '/api/conductor/tok/subpartidas/7/ecmr';
const HASH = 'c'.repeat(64);

const NOTA = {
  numero: 'T1-1',
  remitente: {
    nombre: 'Conservas del Ebro S.A.',
    cif: null,
    direccion: null,
    cp: '50197',
    poblacion: 'Zaragoza',
    pais_iso: 'ES',
  },
  destinatario: {
    nombre: 'Mercavalencia',
    cif: null,
    direccion: null,
    cp: '46001',
    poblacion: 'Valencia',
    pais_iso: 'ES',
  },
  lugar_entrega: {
    direccion: null,
    cp: '46001',
    poblacion: 'Valencia',
    pais_iso: 'ES',
    fecha: '2026-11-28',
  },
  lugar_carga: {
    direccion: null,
    cp: '28001',
    poblacion: 'Madrid',
    pais_iso: 'ES',
    fecha: '2026-11-27',
  },
  documentos_anexos: null,
  mercancias: [
    {
      marcas: null,
      bultos: 24,
      embalaje: 'palés',
      naturaleza: 'Conservas',
      numero_estadistico: null,
      peso_bruto_kg: 12000,
      volumen_m3: null,
    },
  ],
  instrucciones_remitente: 'No remontar',
  forma_pago: 'porte_pagado',
  reembolso: null,
  transportista: {
    nombre: 'Transportes Demo',
    cif: null,
    direccion: null,
    cp: null,
    poblacion: 'Zaragoza',
    pais_iso: 'ES',
    matricula: '1234ECM',
    conductor: 'Marta Ruiz',
  },
  porteadores_sucesivos: [],
  reservas_transportista: null,
  estipulaciones: null,
  establecido_en: { lugar: 'Madrid', fecha: '2026-11-27' },
  referencias: { transporte: 'T1', subpartida: 1, partida: null },
};

function firma(rol: string, nombre: string) {
  return {
    id: rol.length,
    rol,
    nombre,
    canal: 'movil_conductor',
    firmado_at: '2026-11-27T09:00:00.000Z',
    version: 1,
    documento_sha256: HASH,
    posicion: null,
    dispositivo: null,
    reservas: null,
    fotos: [],
    cubre_version_actual: true,
  };
}

function ecmr(estado: string, firmas: unknown[]) {
  return {
    id: 3,
    subpartida_id: 7,
    transporte_id: 1,
    numero: 'T1-1',
    estado,
    version: 1,
    documento_sha256: HASH,
    contenido: NOTA,
    editable: true,
    verificacion_url: 'http://x/ecmr/verificar/abc',
    firmas,
    eventos: [],
    created_at: '2026-11-27T08:00:00.000Z',
  };
}

const t = (key: string, values?: Record<string, string | number>) => format(es, key, values);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function mount(onFocus = vi.fn(), onDone = vi.fn()) {
  render(
    <EcmrCard
      token="tok"
      subpartidaId={7}
      t={t}
      language="es"
      posicion={() => ({ lat: 40.4, lng: -3.7, precision_m: 20 })}
      onDone={onDone}
      onFocus={onFocus}
    />,
  );
  return { onFocus, onDone };
}

describe('who may sign', () => {
  it('the consignee only after the sender, nobody once delivered, each role once a version', () => {
    const conductor = firma('transportista', 'Marta Ruiz');
    const remitente = firma('remitente', 'Luis');
    expect(puedeFirmar(ecmr('sin_firmar', []) as never, 'destinatario')).toBe(false);
    expect(puedeFirmar(ecmr('sin_firmar', [conductor]) as never, 'transportista')).toBe(false);
    expect(puedeFirmar(ecmr('sin_firmar', [conductor]) as never, 'remitente')).toBe(true);
    expect(puedeFirmar(ecmr('recogida_firmada', [remitente]) as never, 'destinatario')).toBe(true);
    expect(
      puedeFirmar(
        ecmr('entregada', [remitente, firma('destinatario', 'Ana')]) as never,
        'transportista',
      ),
    ).toBe(false);
  });
});

describe('the handover on the driver’s phone', () => {
  it('hands the phone to the sender, who reads, signs and gives it back', async () => {
    canvasDePrueba();
    const user = userEvent.setup();
    const conductor = firma('transportista', 'Marta Ruiz');
    const fetchMock = mockApi({
      [`GET ${URL_ECMR}`]: () => json(200, ecmr('sin_firmar', [conductor])),
      [`POST ${URL_ECMR}/firmas`]: () =>
        json(201, ecmr('recogida_firmada', [conductor, firma('remitente', 'Luis Pérez')])),
    });
    const { onFocus, onDone } = mount();

    expect(await screen.findByText('Sin firmar', { selector: 'strong' })).toBeInTheDocument();
    // The consignee cannot sign before the sender.
    const destinatario = screen.getByRole('listitem', { name: 'Destinatario' });
    expect(within(destinatario).queryByRole('button')).toBeNull();

    const remitente = screen.getByRole('listitem', { name: 'Remitente' });
    await user.click(
      within(remitente).getByRole('button', { name: 'Firma del remitente en este móvil' }),
    );
    expect(onFocus).toHaveBeenLastCalledWith(true);
    expect(
      screen.getByText(
        'Entregue el móvil al remitente para que lea la carta de porte y firme la recogida.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Soy el remitente: leer y firmar' }));

    // The note to read, then the form: nothing to sign until a name and a drawing.
    expect(screen.getByText('No remontar')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Firma: Remitente' });
    const firmar = within(form).getByRole('button', { name: 'Firmar' });
    expect(firmar).toBeDisabled();
    // The sender is not asked about reservations: those are the consignee's.
    expect(within(form).queryByRole('checkbox')).toBeNull();
    await user.type(within(form).getByLabelText('Nombre y apellidos de quien firma'), 'Luis Pérez');
    expect(firmar).toBeDisabled();
    trazar(within(form).getByRole('img', { name: 'Recuadro de firma' }), [
      [30, 50],
      [120, 90],
    ]);
    expect(firmar).toBeEnabled();
    fireEvent.submit(form);

    expect(await screen.findByText('Devuelva el móvil al conductor.')).toBeInTheDocument();
    const [body] = sentBodies(fetchMock, `POST ${URL_ECMR}/firmas`) as Array<
      Record<string, unknown>
    >;
    expect(body).toMatchObject({
      rol: 'remitente',
      nombre: 'Luis Pérez',
      documento_sha256: HASH,
      posicion: { lat: 40.4, lng: -3.7, precision_m: 20 },
    });
    expect(body!.firma_png).toMatch(/^data:image\/png;base64,/);
    expect(body).not.toHaveProperty('reservas');
    expect(onDone).toHaveBeenCalledWith(expect.stringMatching(/^Firmado por Luis Pérez el /));

    await user.click(screen.getByRole('button', { name: 'Soy el conductor: continuar' }));
    expect(onFocus).toHaveBeenLastCalledWith(false);
    expect(screen.getByText('Recogida firmada', { selector: 'strong' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('listitem', { name: 'Destinatario' })).getByRole('button', {
        name: 'Firma del destinatario en este móvil',
      }),
    ).toBeInTheDocument();
  });

  it('shows the code for a contactless signature and the signature when it arrives', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const remitente = firma('remitente', 'Luis Pérez');
    let entregado = false;
    mockApi({
      [`GET ${URL_ECMR}`]: () =>
        json(
          200,
          entregado
            ? ecmr('entregada', [remitente, firma('destinatario', 'Ana Gómez')])
            : ecmr('recogida_firmada', [remitente]),
        ),
      [`POST ${URL_ECMR}/invitaciones`]: () =>
        json(201, {
          id: 1,
          rol: 'destinatario',
          canal: 'codigo',
          codigo: 'ABCD-EF23',
          expires_at: '2026-11-27T09:15:00.000Z',
        }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { onDone } = mount();
    const destinatario = await screen.findByRole('listitem', { name: 'Destinatario' });
    await user.click(within(destinatario).getByRole('button', { name: 'Firma sin contacto' }));
    await user.click(screen.getByRole('button', { name: 'Mostrar un código en pantalla' }));
    expect(await screen.findByLabelText('Código de firma')).toHaveTextContent('ABCD-EF23');
    expect(screen.getByText(/\/ecmr\/firmar en su teléfono/)).toBeInTheDocument();

    entregado = true;
    await vi.advanceTimersByTimeAsync(5000);
    expect(await screen.findByText('Entregada', { selector: 'strong' })).toBeInTheDocument();
    // The consignee signed on their own device: the page is told the leg was delivered.
    expect(onDone).toHaveBeenCalledWith(expect.stringMatching(/^Firmado por Ana Gómez el /), true);
    vi.useRealTimers();
  });
});
