import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './a11y/axe.js';
import { expectRowsLoaded, openAsCarrier } from './fixtures.js';

/**
 * Issue 20 point 3, "tables that fit", on a desktop (1440 × 900) and a phone (390 × 844):
 * the user's own columns, remembered; badges never cut; phone cards that select with a tap,
 * the selection's action in reach and no box scrolling inside the page. Screenshots go to
 * build/e2e-tables/.
 */
const SHOTS = 'build/e2e-tables';
mkdirSync(SHOTS, { recursive: true });

/** Waits for the open menus' opening transitions to end (axe reads colours). */
async function settled(page: Page) {
  await page.waitForFunction(
    () =>
      !document
        .getAnimations()
        .some((a) => a instanceof CSSTransition && a.playState === 'running'),
  );
}

/** The badges of the page whose label is cut (wider than its box), with their text. */
async function cutBadges(page: Page): Promise<{ cut: string[]; count: number }> {
  return page.evaluate(() => {
    const labels = Array.from(document.querySelectorAll<HTMLElement>('.mantine-Badge-label'));
    const cut = labels
      .filter((label) => {
        const badge = label.closest<HTMLElement>('.mantine-Badge-root')!;
        return (
          label.scrollWidth > label.clientWidth + 0.5 || badge.scrollWidth > badge.clientWidth + 0.5
        );
      })
      .map((label) => `${label.textContent} ${label.clientWidth}/${label.scrollWidth}`);
    return { cut, count: labels.length };
  });
}

/** How far the table `name` scrolls sideways (0 when every shown column fits). */
async function sideways(page: Page, name: string): Promise<number> {
  return page
    .getByRole('table', { name })
    .locator('xpath=..')
    .evaluate((scroller) => scroller.scrollWidth - scroller.clientWidth);
}

/** Elements inside the page's main area that scroll vertically on their own. */
async function nestedScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('main *'))
      .filter((element) => {
        const { overflowY } = getComputedStyle(element);
        return (
          (overflowY === 'auto' || overflowY === 'scroll') &&
          element.scrollHeight > element.clientHeight + 1
        );
      })
      .map((element) => `${element.tagName}.${element.className.split(' ')[0]}`),
  );
}

test.describe('desktop 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  // A login, reloads and a measure of every column on a busy two-core machine.
  test.setTimeout(120_000);

  test('hides and shows columns of the transport history, as chosen after a reload, then restores them', async ({
    page,
  }) => {
    await openAsCarrier(page, '/proveedores/transportes');
    await expectRowsLoaded(page, 'Histórico de transportes', 1440);
    const table = page.getByRole('table', { name: 'Histórico de transportes' });
    const vehiculo = table.getByRole('columnheader', { name: 'Vehículo' });
    // Shown from 1600 px by default, so that "Estado" and "Incidencia" fit at 1440.
    const conductor = table.getByRole('columnheader', { name: 'Conductor' });
    await expect(vehiculo).toBeVisible();
    await expect(conductor).toBeHidden();
    expect(await sideways(page, 'Histórico de transportes')).toBeLessThanOrEqual(1);
    // Its status badges ("En tránsito", "Asignado") are whole too.
    expect((await cutBadges(page)).cut).toEqual([]);
    const csv = page.getByRole('link', { name: 'Exportar todo (CSV)' });
    const exportHref = await csv.getAttribute('href');

    const columnas = page.getByRole('button', { name: 'Columnas de Histórico de transportes' });
    await columnas.click();
    const menu = page.getByRole('menu', { name: 'Columnas de Histórico de transportes' });
    await expect(menu).toBeVisible();
    // The column naming the row cannot be hidden.
    await expect(menu.getByRole('menuitemcheckbox', { name: 'Transporte ID' })).toBeDisabled();
    await expect(menu.getByRole('menuitemcheckbox', { name: 'Conductor' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/columnas-menu-1440.png` });
    await expectNoViolations(page, 'menú Columnas abierto (1440)');

    await menu.getByRole('menuitemcheckbox', { name: 'Conductor' }).click();
    await expect(conductor).toBeVisible();
    const item = menu.getByRole('menuitemcheckbox', { name: 'Vehículo' });
    await expect(item).toHaveAttribute('aria-checked', 'true');
    await item.click();
    await expect(item).toHaveAttribute('aria-checked', 'false');
    await expect(vehiculo).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(columnas).toBeFocused();

    await page.reload();
    await expectRowsLoaded(page, 'Histórico de transportes', 1440);
    await expect(table.getByRole('columnheader', { name: 'Transporte ID' })).toBeVisible();
    await expect(vehiculo).toHaveCount(0);
    await expect(conductor).toBeVisible();
    // The export is the same request: the whole result with every column, whatever is shown.
    await expect(csv).toHaveAttribute('href', exportHref!);
    await page.screenshot({ path: `${SHOTS}/transportes-elegidas-1440.png` });

    // Keyboard only: open the menu, go to its end, "Restablecer", and choose it.
    await columnas.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitemcheckbox', { name: 'Transporte ID' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(menu.getByRole('menuitem', { name: 'Restablecer' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    await expect(vehiculo).toBeVisible();
    await expect(conductor).toBeHidden();
    await page.reload();
    await expectRowsLoaded(page, 'Histórico de transportes', 1440);
    await expect(vehiculo).toBeVisible();
    await expect(conductor).toBeHidden();
  });

  test('status badges on the load list show their whole text', async ({ page }) => {
    await openAsCarrier(page, '/proveedores/cargas');
    await expectRowsLoaded(page, 'Cargas disponibles', 1440);
    const table = page.getByRole('table', { name: 'Cargas disponibles' });
    // The carrier's offers ("Pendiente", "Rechazada", …) in "Mi oferta".
    await expect(table.locator('.mantine-Badge-root').first()).toBeVisible();
    const { cut, count } = await cutBadges(page);
    expect(count).toBeGreaterThan(0);
    expect(cut).toEqual([]);
    // Nor hidden behind the sticky actions: the table fits, every badge left of "Acciones".
    expect(await sideways(page, 'Cargas disponibles')).toBeLessThanOrEqual(1);
    const acciones = await table.getByRole('columnheader', { name: 'Acciones' }).boundingBox();
    for (const badge of await table.locator('.mantine-Badge-root').all()) {
      const box = (await badge.boundingBox())!;
      expect(box.x + box.width, await badge.innerText()).toBeLessThanOrEqual(acciones!.x);
    }
    await page.screenshot({ path: `${SHOTS}/cargas-1440.png` });
  });
});

test.describe('phone 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('tapping a card selects it, its action stays in view, the page scrolls, not a box', async ({
    page,
  }) => {
    await openAsCarrier(page, '/proveedores/subir-facturas');
    await expectRowsLoaded(page, 'Transportes sin factura', 390);
    const list = page.getByRole('list', { name: 'Transportes sin factura' });
    const card = list.getByRole('listitem').first();
    const checkbox = card.getByRole('checkbox');
    await expect(checkbox).not.toBeChecked();

    // The checkbox's target is 44 px square at least.
    const target = await checkbox.locator('xpath=ancestor::label[1]').boundingBox();
    expect(target!.width).toBeGreaterThanOrEqual(44);
    expect(target!.height).toBeGreaterThanOrEqual(44);

    // A tap on the card's text, not on the checkbox, selects it.
    await card.getByText('Origen:').tap();
    await expect(checkbox).toBeChecked();
    const action = page.getByRole('button', { name: 'Subir factura' });
    await expect(action).toBeEnabled();
    await expect(action).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: `${SHOTS}/subir-facturas-seleccion-390.png` });

    // No box scrolls inside the page: the page itself scrolls the cards, the action stays.
    expect(await nestedScrollers(page)).toEqual([]);
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(pageHeight).toBeGreaterThan(844);
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect(action).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: `${SHOTS}/subir-facturas-desplazada-390.png` });

    // The action works from there.
    await action.click();
    await expect(page.getByRole('dialog', { name: 'Subir factura' })).toBeVisible();
  });

  test('"Columnas" on a phone: the menu passes axe and a hidden field leaves the cards', async ({
    page,
  }) => {
    await openAsCarrier(page, '/proveedores/transportes');
    await expectRowsLoaded(page, 'Histórico de transportes', 390);
    const card = page
      .getByRole('list', { name: 'Histórico de transportes' })
      .getByRole('listitem')
      .first();
    await expect(card).toContainText('Conductor:');
    await page.getByRole('button', { name: 'Columnas de Histórico de transportes' }).click();
    const menu = page.getByRole('menu', { name: 'Columnas de Histórico de transportes' });
    await expect(menu).toBeVisible();
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/columnas-menu-390.png` });
    await expectNoViolations(page, 'menú Columnas abierto (390)');
    // Its items are 44 px touch targets.
    for (const item of await menu.getByRole('menuitemcheckbox').all()) {
      expect((await item.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    await menu.getByRole('menuitemcheckbox', { name: 'Conductor' }).click();
    await expect(card).not.toContainText('Conductor:');
    await menu.getByRole('menuitem', { name: 'Restablecer' }).click();
    await expect(card).toContainText('Conductor:');
    expect(await nestedScrollers(page)).toEqual([]);
    const { cut } = await cutBadges(page);
    expect(cut).toEqual([]);
  });
});
