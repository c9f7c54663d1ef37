import { describe, expect, it } from 'vitest';
import { Evento, Eventos, Novedad, payloadDeEvento } from './eventos.js';
import { TIPOS_EVENTO, TIPOS_NOVEDAD } from './tipos-evento.js';

const sugerencia = {
  id: 7,
  tipo: 'sugerencia.recibida',
  created_at: '2026-11-22T09:15:02.113Z',
  payload: { sugerencia_id: 3, cliente_id: 1, usuario_id: null, asunto: null, texto: 'Hola' },
};

describe('contratos de los eventos', () => {
  it('un esquema por tipo de evento, y las novedades son un subconjunto', () => {
    expect(Object.keys(Eventos)).toEqual([...TIPOS_EVENTO]);
    for (const tipo of TIPOS_NOVEDAD) expect(TIPOS_EVENTO).toContain(tipo);
  });

  it('el tipo decide el contenido: uno que no le corresponde no pasa', () => {
    expect(Evento.parse(sugerencia)).toEqual(sugerencia);
    expect(Novedad.parse(sugerencia)).toEqual(sugerencia);
    expect(Evento.safeParse({ ...sugerencia, tipo: 'cmr.subido' }).success).toBe(false);
    expect(() =>
      payloadDeEvento('sugerencia.recibida', { ...sugerencia.payload, texto: 1 }),
    ).toThrow();
  });

  it('las novedades no incluyen los eventos que origina el ERP', () => {
    const entregado = {
      ...sugerencia,
      tipo: 'porte.entregado',
      payload: {
        porte_id: 1,
        partida: 'P-1',
        cliente_id: 1,
        ref_cliente: null,
        origen_poblacion: 'A',
        origen_pais_iso: 'ES',
        destino_poblacion: 'B',
        destino_pais_iso: 'IT',
        fecha_carga_prevista: '2026-11-20',
        fecha_entrega_prevista: null,
        entregado_at: null,
      },
    };
    expect(Evento.safeParse(entregado).success).toBe(true);
    expect(Novedad.safeParse(entregado).success).toBe(false);
  });
});
