import { describe, expect, it } from 'vitest';
import { injectInitialData, toScriptJson } from './spa.js';

describe('initial data embedding', () => {
  it('cannot be broken out of by text inside the data', () => {
    const json = toScriptJson({ nombre: '</script><script>alert(1)</script>', x: '\u2028&' });
    expect(json).not.toContain('<');
    expect(json).not.toContain('>');
    expect(json).not.toContain('&');
    expect(JSON.parse(json)).toEqual({
      nombre: '</script><script>alert(1)</script>',
      x: '\u2028&',
    });
  });

  it('puts one JSON element just before </head>', () => {
    const html = injectInitialData('<html><head><title>t</title></head><body></body></html>', {
      updated: '2026-11-22T00:00:00.000Z',
    });
    expect(html).toBe(
      '<html><head><title>t</title><script type="application/json" id="initial-data">{"updated":"2026-11-22T00:00:00.000Z"}</script></head><body></body></html>',
    );
  });
});
