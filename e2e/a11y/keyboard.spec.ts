import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, notification } from '../fixtures.js';

/**
 * Keyboard only (WCAG 2.1.1, 2.4.3, 2.4.7): each form is reached, filled and sent with Tab,
 * Shift+Tab, Space, Enter, the arrow keys and typing; never a click. Every stop must show the
 * focus ring (`:focus-visible` with a real outline).
 */

/** Describes the focused element and whether it shows a visible focus outline. */
async function focusState(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { focused: false, ring: false, what: '' };
    const outlined = (node: Element) => {
      const style = getComputedStyle(node);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1;
    };
    // A password field draws the ring on its wrapper, the parent of the real input.
    const ring =
      element.matches(':focus-visible') &&
      (outlined(element) || (element.parentElement !== null && outlined(element.parentElement)));
    const what = `${element.tagName.toLowerCase()} ${
      element.getAttribute('aria-label') ?? element.id ?? ''
    } "${(element.textContent ?? '').trim().slice(0, 30)}"`;
    return { focused: true, ring, what };
  });
}

/** Expects the focused element to show its focus ring. */
async function expectFocusRing(page: Page) {
  const state = await focusState(page);
  expect(state.focused, 'algo tiene el foco').toBe(true);
  expect(state.ring, `anillo de foco visible en ${state.what}`).toBe(true);
}

/**
 * Presses Tab (or Shift+Tab) until `target` (a locator, or a CSS selector the focused element
 * matches) has the focus, checking the ring at every stop.
 * Fails after `max` presses: the target is not reachable with the keyboard.
 */
async function tabTo(page: Page, target: Locator | string, { back = false, max = 60 } = {}) {
  for (let press = 0; press < max; press += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    await expectFocusRing(page);
    const reached =
      typeof target === 'string'
        ? await page.evaluate((selector) => !!document.activeElement?.matches(selector), target)
        : await target.evaluate((element) => element === document.activeElement);
    if (reached) return;
  }
  throw new Error(`No se llega con el teclado a ${target.toString()}`);
}

/** Tabs to a text field and types into it (what is already there is replaced). */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** Signs in on the login page already open, with the keyboard. */
async function keyboardLogin(page: Page, email: string) {
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible({ timeout: 15_000 });
  await typeInto(page, page.getByLabel('E-mail'), email);
  const password = page.getByRole('textbox', { name: 'Contraseña', exact: true });
  await typeInto(page, password, DEMO_PASSWORD);
  const login = page.getByRole('button', { name: 'Login' });
  await tabTo(page, login);
  // Back and forth: Shift+Tab returns to the password, Tab comes back to the button.
  await tabTo(page, password, { back: true, max: 5 });
  await tabTo(page, login, { max: 5 });
  await page.keyboard.press('Enter');
}

test.describe('keyboard only', () => {
  test.describe.configure({ timeout: 90_000 });

  test('customer login and Solicitar Transporte', async ({ page }) => {
    await page.goto('/login');
    await keyboardLogin(page, 'cliente@demo.es');
    await expect(page).toHaveURL(/\/clientes\/tracking/, { timeout: 15_000 });

    await page.goto('/clientes/solicitar_transporte');
    await expect(page.getByRole('heading', { level: 1, name: 'Solicitar Transporte' })).toBeVisible(
      { timeout: 15_000 },
    );
    const poblacion = `Soria ${Date.now().toString(36)}`;
    const origen = page.getByRole('group', { name: 'Origen' });
    const destino = page.getByRole('group', { name: 'Destino' });
    await typeInto(page, origen.getByRole('textbox', { name: 'Población' }), poblacion);
    await typeInto(page, origen.getByRole('textbox', { name: 'Código postal' }), '42001');
    await typeInto(page, destino.getByRole('textbox', { name: 'Población' }), 'Burgos');
    await typeInto(page, destino.getByRole('textbox', { name: 'Código postal' }), '09001');

    // Fecha de carga: Enter opens the calendar, focus moves into it, the arrows pick a day.
    const fecha = page.getByRole('button', { name: 'Fecha de carga' });
    await tabTo(page, fecha);
    await page.keyboard.press('Enter');
    const day = page.locator('[data-dates-dropdown] table button:not([disabled])');
    await expect(day.first()).toBeVisible();
    await tabTo(page, '[data-dates-dropdown] table button', { max: 10 });
    await page.keyboard.press('ArrowDown'); // a week later
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    await expect(fecha).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
    // The calendar closes and gives the focus back to its field (not to the page's body).
    await expect(fecha).toBeFocused();

    await typeInto(page, page.getByRole('textbox', { name: 'Mercancía' }), 'Setas deshidratadas');
    await typeInto(page, page.getByRole('textbox', { name: 'Bultos' }), '12');
    await typeInto(page, page.getByRole('textbox', { name: 'Peso (kg)' }), '800');
    // Tipo de vehículo: the arrows open the list and move through it, Enter chooses.
    const tipo = page.getByRole('combobox', { name: 'Tipo de vehículo' });
    await tabTo(page, tipo);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(tipo).not.toHaveValue('');

    const enviar = page.getByRole('button', { name: 'Enviar solicitud' });
    await tabTo(page, enviar);
    await page.keyboard.press('Space');
    await expect(notification(page, 'Solicitud enviada')).toBeVisible();
    const lista = page.getByRole('list', { name: 'Solicitudes enviadas' });
    await expect(lista.getByRole('listitem').first()).toContainText(poblacion);
  });

  test('carrier offer dialog on Cargas', async ({ page }) => {
    await page.goto('/proveedores/login');
    await keyboardLogin(page, 'proveedor@demo.es');
    await expect(page.getByRole('heading', { level: 1, name: 'Cargas' })).toBeVisible({
      timeout: 15_000,
    });
    const table = page.getByRole('table', { name: 'Cargas disponibles' });
    await expect(table).toBeVisible();

    // A vehicle type no other spec filters by, so parallel tests never offer on the same load.
    const tipo = page.getByRole('combobox', { name: 'Tipo de vehículo' });
    await tabTo(page, tipo);
    await page.keyboard.type('lona');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(tipo).toHaveValue('Tráiler lona');

    const ofertar = table.getByRole('button', { name: /^Ofertar · / }).first();
    await expect(ofertar).toBeVisible();
    const referencia = (await ofertar.getAttribute('aria-label'))!.replace('Ofertar · ', '');
    await tabTo(page, table.getByRole('button', { name: `Ofertar · ${referencia}` }));
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: `Ofertar por la carga ${referencia}` });
    await expect(dialog).toBeVisible();
    // The dialog puts the focus on the price; typing is enough.
    const precio = dialog.getByRole('textbox', { name: /Precio/ });
    await expect(precio).toBeFocused();
    await expectFocusRing(page);
    await page.keyboard.type('987,6');
    await typeInto(page, dialog.getByRole('textbox', { name: 'Comentario' }), 'Solo teclado');
    const enviar = dialog.getByRole('button', { name: 'Enviar oferta' });
    await tabTo(page, enviar);
    // Focus stays trapped in the dialog: Shift+Tab goes back to Cancelar.
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await expectFocusRing(page);
    await page.keyboard.press('Tab');
    await expect(enviar).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(dialog).toBeHidden();
    const row = table.getByRole('row').filter({ hasText: referencia });
    await expect(row).toContainText('pendiente');
    await expect(row).toContainText('987,60 €');
  });
});
