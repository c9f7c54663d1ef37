import { describe, expect, it } from 'vitest';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import it_ from './it.json';
import ro from './ro.json';
import tr from './tr.json';
import { supportedLanguages } from '.';

type Texts = { [key: string]: string | Texts };

/** Every text as `a.b.c` → value. */
function flatten(texts: Texts, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const spanish = flatten(es);
const english = flatten(en);

/**
 * Texts that read the same in both languages: names, codes, placeholders and the spec's own
 * English words (Tracking, Login, E-mail, NOT FOUND). Anything else equal to its Spanish text
 * is an untranslated string (issue 14: `?lang=en` left filters, columns and statuses Spanish).
 */
const SAME_IN_BOTH = new Set([
  'app.name',
  'routes.cliente-tracking.title',
  'routes.cliente-tracking.nav',
  'routes.cliente-tracking-porte.title',
  'routes.proveedor-panel.nav',
  'routes.not-found.title',
  'login.email',
  'login.submit',
  'chooser.id',
  'chooser.choose',
  'cargas.mapa.markerTitle',
  'vehiculos.no',
  'vehiculos.mapa.description',
  'tracking.tipoDocumento.cmr',
  'portes.minutos',
  'portes.sinRetraso',
  'seguimiento.eta',
  'seguimiento.kmRestantes',
  'facturas.col.pdf',
  'facturas.no',
  'archivo.tipos.cmr',
  'subida.pdf',
  'facturasProveedor.no',
  // The e-CMR is called so in every language; "—" is no word.
  'routes.proveedor-ecmr.title',
  'ecmr.badge',
  'ecmr.titulo',
  'ecmr.vacio',
  'ecmr.tracking.titulo',
  // The notice channel's own name.
  'avisos.preferencias.push',
  'avisos.preferencias.pushDe',
  // A notice's lines: data and punctuation (French spaces its colons, Turkish says "sa"/"dk").
  'avisos.mensajes.lineas.ruta',
  'avisos.mensajes.lineas.lugar',
  'avisos.mensajes.lineas.lugarIncidencia',
  'avisos.mensajes.lineas.firmante',
  'avisos.mensajes.lineas.conDetalle',
  'avisos.mensajes.duracion.minutos',
  'avisos.mensajes.duracion.horas',
  'avisos.mensajes.duracion.horasMinutos',
]);

const variables = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translation files (issue 14)', () => {
  it('English has every Spanish key and no stale one', () => {
    expect([...english.keys()].filter((k) => !spanish.has(k))).toEqual([]);
    expect([...spanish.keys()].filter((k) => !english.has(k))).toEqual([]);
  });

  it('no text is empty in either language', () => {
    for (const texts of [spanish, english]) {
      expect([...texts].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
    }
  });

  it('every English text uses the same {{variables}} as its Spanish one', () => {
    for (const [key, text] of spanish) {
      expect(variables(english.get(key) ?? ''), key).toEqual(variables(text));
    }
  });

  it('every English text is translated, except the few that read the same', () => {
    const untranslated = [...spanish]
      .filter(([key, text]) => english.get(key) === text && !SAME_IN_BOTH.has(key))
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
    // The allowance holds no stale or translated key.
    for (const key of SAME_IN_BOTH) expect(english.get(key), key).toBe(spanish.get(key));
  });
});

/** The other portal languages (issue 20 point 7), held to key parity and the same variables. */
const others = { fr, it: it_, ro, tr } as const;

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** The plural forms a language needs for the counts the portal shows (0 … 1000). */
function pluralForms(language: string): Set<string> {
  const rules = new Intl.PluralRules(language);
  return new Set(Array.from({ length: 1001 }, (_, n) => rules.select(n)));
}

describe('every portal language has every text (issue 20 point 7)', () => {
  it('has a translation file for each supported language', () => {
    expect(['es', 'en', ...Object.keys(others)].sort()).toEqual([...supportedLanguages].sort());
  });

  // Spanish keys without their plural suffix, and the forms each language must give them.
  const spanishBases = new Set([...spanish.keys()].map((key) => key.replace(PLURAL, '')));
  const spanishPlurals = new Set(
    [...spanish.keys()].filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, '')),
  );

  describe.each(Object.entries(others))('%s', (language, file) => {
    const texts = flatten(file);
    const bases = new Set([...texts.keys()].map((key) => key.replace(PLURAL, '')));

    it('has every Spanish key and no stale one', () => {
      expect([...spanishBases].filter((key) => !bases.has(key))).toEqual([]);
      expect([...bases].filter((key) => !spanishBases.has(key))).toEqual([]);
    });

    it('gives every plural the forms its grammar needs, and no other', () => {
      const forms = pluralForms(language);
      for (const base of spanishPlurals) {
        const given = new Set(
          [...texts.keys()]
            .filter((key) => key.replace(PLURAL, '') === base)
            .map((key) => key.slice(base.length + 1)),
        );
        expect(given, base).toEqual(forms);
      }
    });

    it('has no empty text', () => {
      expect([...texts].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
    });

    it('uses the same {{variables}} as Spanish', () => {
      for (const [key, text] of texts) {
        const spanishText = spanish.get(key) ?? spanish.get(`${key.replace(PLURAL, '')}_other`);
        expect(variables(text), key).toEqual(variables(spanishText ?? ''));
      }
    });
  });
});
