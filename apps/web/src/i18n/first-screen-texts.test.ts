import { describe, expect, it } from 'vitest';
import i18n, { loadAllTexts } from '.';
import es from './es.json';
import firstScreen from './es.json?first-screen';

describe('the first screen texts (issue 7: the rest of es.json loads on demand)', () => {
  it('are the login pages’ keys of es.json, unchanged', () => {
    expect(Object.keys(firstScreen).sort()).toEqual(['app', 'errors', 'login', 'routes']);
    expect(firstScreen).toEqual({
      app: es.app,
      errors: es.errors,
      login: es.login,
      routes: {
        'cliente-login': es.routes['cliente-login'],
        'proveedor-login': es.routes['proveedor-login'],
      },
    });
  });

  it('are completed by loadAllTexts(), which every other route and dialog awaits', async () => {
    i18n.removeResourceBundle('es', 'translation');
    i18n.addResourceBundle('es', 'translation', structuredClone(firstScreen));
    expect(i18n.t('login.submit')).toBe(es.login.submit);
    expect(i18n.exists('recovery.title')).toBe(false);
    await loadAllTexts();
    expect(i18n.t('recovery.title')).toBe(es.recovery.title);
  });
});
