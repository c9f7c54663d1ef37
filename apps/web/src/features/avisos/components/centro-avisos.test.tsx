import type { Aviso } from '@extranet/contracts/avisos/aviso';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadLanguage } from '../../../i18n';
import { json, mockApi, TestProviders, testQueryClient } from '../../../test/render';
import { CentroAvisos } from './centro-avisos';

const base = { leido: false, created_at: '2026-11-28T09:30:00.000Z' } as const;

/** A customer's delay and stop event, a carrier's certificate, and one written before `datos`. */
const AVISOS: Aviso[] = [
  {
    ...base,
    id: 4,
    tipo: 'porte_retrasado',
    titulo: 'Retraso de 2 h 30 min',
    texto: '2699002 (PED-7): Zaragoza → Lyon',
    url: '/clientes/tracking-porte/2699002',
    datos: {
      mensaje: 'porte_retrasado',
      partida: '2699002',
      ref_cliente: 'PED-7',
      origen: 'Zaragoza',
      destino: 'Lyon',
      retraso_minutos: 150,
    },
  },
  {
    ...base,
    id: 3,
    tipo: 'parada',
    titulo: 'Llegada al punto de descarga',
    texto: '2699002: Lyon',
    url: '/clientes/tracking-porte/2699002',
    datos: {
      mensaje: 'parada',
      partida: '2699002',
      ref_cliente: null,
      evento: 'llegada',
      parada: 'descarga',
      poblacion: 'Lyon',
      texto: null,
    },
  },
  {
    ...base,
    id: 2,
    tipo: 'certificado',
    titulo: 'Certificado a punto de caducar',
    texto: 'Seguro de mercancías (CMR): caduca el 18/12/2026',
    url: '/proveedores/certificados',
    datos: {
      mensaje: 'certificado_caduca',
      certificado: 'Seguro de mercancías (CMR)',
      fecha: '2026-12-18',
    },
  },
  {
    ...base,
    id: 1,
    tipo: 'oferta',
    leido: true,
    titulo: 'Oferta aceptada',
    texto: 'Carga C-1: Huesca → Lyon',
    url: '/proveedores/cargas',
    datos: null,
  },
];

function renderCentro() {
  mockApi({
    'GET /api/usuario/avisos?estado=todos&limit=20': () =>
      json(200, { items: AVISOS, nextCursor: null }),
  });
  const router = createMemoryRouter(
    [{ path: '*', element: <CentroAvisos opened onClose={vi.fn()} pushPanel={null} /> }],
    { initialEntries: ['/clientes/tracking'] },
  );
  render(
    <TestProviders queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

/** The items of the list, each as its lines of text. */
async function items(listName: string) {
  const list = await screen.findByRole('list', { name: listName });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await loadLanguage('es');
});

describe('CentroAvisos: each notice in the user language (decision 021)', () => {
  it('in English: worded from its data; an older notice keeps its Spanish words', async () => {
    await loadLanguage('en');
    renderCentro();
    const [retraso, parada, certificado, oferta] = await items('Notices received');
    expect(retraso).toContain('Delayed by 2 h 30 min');
    expect(retraso).toContain('2699002 (PED-7): Zaragoza → Lyon');
    expect(parada).toContain('Arrived at the unloading point');
    expect(parada).toContain('2699002: Lyon');
    expect(certificado).toContain('Certificate about to expire');
    expect(certificado).toContain('Seguro de mercancías (CMR): expires on 18/12/2026');
    expect(oferta).toContain('Oferta aceptada');
    expect(oferta).toContain('Carga C-1: Huesca → Lyon');
  });

  it('in French', async () => {
    await loadLanguage('fr');
    renderCentro();
    const [retraso, parada, certificado] = await items('Avis reçus');
    expect(retraso).toContain('Retard de 2 h 30 min');
    expect(retraso).toContain('2699002 (PED-7) : Zaragoza → Lyon');
    expect(parada).toContain('Arrivée au point de déchargement');
    expect(certificado).toContain('Seguro de mercancías (CMR) : expire le 18/12/2026');
  });

  it('in Spanish, the same words as the push', async () => {
    renderCentro();
    const [retraso, parada, certificado] = await items('Avisos recibidos');
    for (const [item, aviso] of [
      [retraso, AVISOS[0]!],
      [parada, AVISOS[1]!],
      [certificado, AVISOS[2]!],
    ] as const) {
      expect(item).toContain(aviso.titulo);
      expect(item).toContain(aviso.texto);
    }
  });
});
