import { expect, test } from '@playwright/test';
import { newestMailMentioning, notification, signIn } from '../fixtures.js';

test.describe('transport requests', () => {
  test("sends a request, sees 'Solicitud enviada' and the operators' e-mail", async ({ page }) => {
    // A town no other test uses, to find this request's e-mail among the others.
    const poblacion = `Teruel ${Date.now().toString(36)}`;
    await signIn(page, 'cliente@demo.es');
    await page.goto('/clientes/solicitar_transporte');

    const origen = page.getByRole('group', { name: 'Origen' });
    await origen.getByRole('textbox', { name: 'Población' }).fill(poblacion);
    await origen.getByRole('textbox', { name: 'Dirección' }).fill('Polígono La Paz, nave 3');
    await origen.getByRole('textbox', { name: 'Código postal' }).fill('44002');
    const destino = page.getByRole('group', { name: 'Destino' });
    await destino.getByRole('textbox', { name: 'Población' }).fill('Valencia');
    await destino.getByRole('textbox', { name: 'Código postal' }).fill('46001');

    // Fecha de carga: open the Spanish calendar with the keyboard and take a day next month.
    await page.getByRole('button', { name: 'Fecha de carga' }).click();
    await page
      .getByRole('button', { name: 'Siguiente mes' })
      .or(page.locator('[data-direction="next"]'))
      .first()
      .click();
    await page
      .locator('table button:not([data-outside]):not([disabled])')
      .filter({ hasText: /^15$/ })
      .first()
      .click();

    await page.getByRole('textbox', { name: 'Mercancía' }).fill('Jamones curados');
    await page.getByRole('textbox', { name: 'Bultos' }).fill('10');
    await page.getByRole('textbox', { name: 'Peso (kg)' }).fill('1200');
    await page.getByRole('button', { name: 'Enviar solicitud' }).click();

    await expect(notification(page, 'Solicitud enviada')).toBeVisible();
    // The form resets (the origin comes back prefilled from the customer's latest request, issue
    // 20 point 4; the goods do not), and the request heads the list with its status.
    await expect(page.getByRole('textbox', { name: 'Mercancía' })).toHaveValue('');
    const lista = page.getByRole('list', { name: 'Solicitudes enviadas' });
    await expect(lista.getByRole('listitem').first()).toContainText(poblacion);
    await expect(lista.getByRole('listitem').first()).toContainText('Recibida');

    await expect.poll(() => newestMailMentioning(poblacion), { timeout: 10_000 }).toBeTruthy();
  });

  test('the browser refuses an incomplete request in Spanish', async ({ page }) => {
    await signIn(page, 'cliente@demo.es');
    await page.goto('/clientes/solicitar_transporte');
    // The load date comes filled in (the next working day, issue 20 point 4); the destination
    // never does.
    await page.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(
      page.getByText('La población debe tener al menos 2 caracteres.').first(),
    ).toBeVisible();
  });
});
