import { describe, expect, it } from 'vitest';
import { certificateBlock, certificateBlockMessage, todayInSpain } from './offer-rules.js';

const cert = (tipo: string, fecha_caducidad: string, obligatorio = true) => ({
  tipo,
  nombre: `Nombre ${tipo}`,
  obligatorio,
  fecha_caducidad,
});

describe('certificateBlock', () => {
  it('no bloquea con los obligatorios vigentes (también el día que caducan)', () => {
    expect(
      certificateBlock([cert('seguro', '2026-11-22'), cert('tarjeta', '2027-01-01')], '2026-11-22'),
    ).toBeNull();
  });

  it('un opcional caducado no bloquea; un obligatorio caducado sí, con el motivo', () => {
    expect(certificateBlock([cert('adr', '2020-01-01', false)], '2026-11-22')).toBeNull();
    const block = certificateBlock([cert('seguro', '2026-11-21')], '2026-11-22');
    expect(block).toEqual({
      tipo: 'seguro',
      nombre: 'Nombre seguro',
      fecha_caducidad: '2026-11-21',
    });
    expect(certificateBlockMessage(block!)).toBe(
      'No puede ofertar: el certificado «Nombre seguro» caducó el 21/11/2026.',
    );
  });

  it('cuenta solo la versión más reciente de cada tipo y avisa del que caducó antes', () => {
    expect(
      certificateBlock([cert('seguro', '2025-01-01'), cert('seguro', '2027-01-01')], '2026-11-22'),
    ).toBeNull();
    expect(
      certificateBlock([cert('tarjeta', '2026-10-01'), cert('seguro', '2026-09-01')], '2026-11-22')
        ?.tipo,
    ).toBe('seguro');
  });

  it('el día es el de España', () => {
    expect(todayInSpain(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
    expect(todayInSpain(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
  });
});
