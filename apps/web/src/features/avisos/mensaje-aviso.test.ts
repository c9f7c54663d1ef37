import type { Aviso, DatosAviso } from '@extranet/contracts/avisos/aviso';
import { describe, expect, it } from 'vitest';
import i18n, { loadLanguage, supportedLanguages } from '../../i18n';
import { mensajeDeAviso } from './mensaje-aviso';

const porte = { partida: '2699002', ref_cliente: 'PED-7', origen: 'Zaragoza', destino: 'Lyon' };

/** One notice of every wording. */
const DATOS: DatosAviso[] = [
  { mensaje: 'oferta_aceptada', referencia: 'C-1', origen: 'Huesca', destino: 'Lyon' },
  { mensaje: 'oferta_rechazada', referencia: 'C-1', origen: 'Huesca', destino: 'Lyon' },
  {
    mensaje: 'carga_publicada',
    busqueda: 'Aragón',
    referencia: 'C-2',
    origen: 'Teruel',
    destino: 'Lyon',
  },
  { mensaje: 'certificado_caduca', certificado: 'ITV', fecha: '2026-12-18' },
  { mensaje: 'porte_entregado', ...porte },
  { mensaje: 'porte_retrasado', ...porte, retraso_minutos: 45 },
  { mensaje: 'porte_retrasado', ...porte, retraso_minutos: 120 },
  ...(['llegada', 'carga', 'descarga', 'incidencia'] as const).flatMap((evento) =>
    (['carga', 'descarga'] as const).map((parada): DatosAviso => ({
      mensaje: 'parada',
      partida: '2699002',
      ref_cliente: null,
      evento,
      parada,
      poblacion: 'Lyon',
      texto: evento === 'incidencia' ? 'Pinchazo' : null,
    })),
  ),
  ...(['remitente', 'transportista', 'destinatario'] as const).map((rol): DatosAviso => ({
    mensaje: 'ecmr_firmado',
    rol,
    numero: 'ECMR-1',
    partida: rol === 'remitente' ? null : '2699002',
    nombre: 'Ana Pérez',
  })),
];

const aviso = (datos: DatosAviso | null): Aviso => ({
  id: 1,
  tipo: 'oferta',
  titulo: 'Oferta aceptada',
  texto: 'Carga C-1: Huesca → Lyon',
  datos,
  url: '/proveedores/cargas',
  leido: false,
  created_at: '2026-11-28T09:30:00.000Z',
});

describe('mensajeDeAviso (decision 021)', () => {
  it.each(supportedLanguages)('words every notice in %s, none left as a key', async (language) => {
    await loadLanguage(language);
    const t = i18n.getFixedT(language);
    for (const datos of DATOS) {
      const { titulo, texto } = mensajeDeAviso(aviso(datos), t);
      for (const line of [titulo, texto]) {
        expect(line, JSON.stringify(datos)).not.toMatch(/avisos\.|\{\{|undefined/);
        expect(line.length, JSON.stringify(datos)).toBeGreaterThan(2);
      }
    }
    await loadLanguage('es');
  });

  it('the details in Spanish and Turkish', async () => {
    await loadLanguage('es');
    await loadLanguage('tr');
    const tr = i18n.getFixedT('tr');
    const es = i18n.getFixedT('es');
    const retraso = aviso({ mensaje: 'porte_retrasado', ...porte, retraso_minutos: 150 });
    expect(mensajeDeAviso(retraso, es)).toEqual({
      titulo: 'Retraso de 2 h 30 min',
      texto: '2699002 (PED-7): Zaragoza → Lyon',
    });
    expect(mensajeDeAviso(retraso, tr).titulo).toBe('2 sa 30 dk gecikme');
    const firmado = aviso({
      mensaje: 'ecmr_firmado',
      rol: 'destinatario',
      numero: 'ECMR-1',
      partida: '2699002',
      nombre: 'Ana Pérez',
    });
    expect(mensajeDeAviso(firmado, es)).toEqual({
      titulo: 'e-CMR firmado por el destinatario',
      texto: 'ECMR-1 (2699002): Ana Pérez',
    });
    // A notice written before its data was kept: its stored words.
    expect(mensajeDeAviso(aviso(null), tr)).toEqual({
      titulo: 'Oferta aceptada',
      texto: 'Carga C-1: Huesca → Lyon',
    });
    await loadLanguage('es');
  });
});
