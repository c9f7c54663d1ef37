import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { driverLinkOf, MADRID, MADRID_GEO, postErpTransport } from '../erp-transport.js';
import { signIn } from '../fixtures.js';

/*
 * Issue 17, "Done when": a phone with geolocation emulated shares positions through the driver
 * link; a second browser, the customer, sees the position, "última posición hace …", the ETA
 * and the status change. Every wait is on a condition.
 */

const SCREENSHOTS = 'build/e2e-conductor';
const ZARAGOZA = { lat: 41.6488, lng: -0.8891 };

/** The shipment's tracking status badge (a tiempo / en riesgo / con retraso) on the page. */
const estado = (page: Page, texto: string) =>
  page
    .locator('[data-estado-eta]')
    .filter({ hasText: new RegExp(`^${texto}$`) })
    .first();

test('the customer sees the driver’s position, ETA and status change live', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SCREENSHOTS, { recursive: true });

  // The ERP posts a shipment of cliente@demo.es and the demo carrier's transport carrying it:
  // loading planned yesterday (its window is past, whatever the hour: late until loaded),
  // delivery in two days (on time once on the road).
  const { partida, referencia } = await postErpTransport(request, {
    nombre: 'ERP e2e en vivo',
    prefijo: 'VIVO',
    origen: MADRID,
    destino: { poblacion: 'Zaragoza', cp: '50001', pais_iso: 'ES', ...ZARAGOZA },
    cargaEnDias: -1,
    entregaEnDias: 2,
    bultos: 18,
    pesoKg: 9000,
    matricula: '4321KLM',
    conductor: 'Marta',
    importeCentimos: 90_000,
    estadoTransporte: 'asignado',
  });

  // The carrier makes the driver link.
  const { path: linkPath } = await driverLinkOf(page, referencia);

  // The phone shares its position from Madrid.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    permissions: ['geolocation'],
    geolocation: { ...MADRID_GEO, accuracy: 20 },
  });
  const driver = await phone.newPage();
  let enviados = 0;
  driver.on('response', (response) => {
    if (/\/api\/conductor\/[^/]+\/posiciones$/.test(response.url()) && response.ok()) enviados++;
  });
  await driver.goto(linkPath);
  await driver.getByRole('button', { name: 'Compartir mi posición' }).click();
  await expect(driver.getByText('Compartiendo su posición.')).toBeVisible();
  await expect.poll(() => enviados).toBeGreaterThanOrEqual(1);

  // The customer, in a browser of their own, lands on the shipments in progress.
  const cliente = await browser.newContext({ locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  const customer = await cliente.newPage();
  await signIn(customer, 'cliente@demo.es');
  await customer.goto('/clientes/tracking');
  const enCurso = customer.getByRole('region', { name: 'Portes en curso' });
  const fila = enCurso.getByRole('listitem').filter({ hasText: `Partida ${partida}` });
  await expect(fila).toBeVisible();
  await expect(fila).toContainText(/Última posición hace (menos de 1 min|\d+ min)/);
  await expect(fila).toContainText('Con retraso');

  // The shipment's tracking: the position, how long ago, the ETA, and late (not loaded yet).
  await fila.getByRole('link', { name: `Partida ${partida}` }).click();
  await expect(customer.getByRole('heading', { name: `Partida ${partida}` })).toBeVisible();
  await expect(customer.getByText(/^Última posición hace/).first()).toBeVisible();
  await expect(estado(customer, 'Con retraso')).toBeVisible();
  const previstas = customer.getByRole('region', { name: 'Próximas paradas' });
  await expect(previstas.getByRole('listitem', { name: 'Descarga Zaragoza' })).toContainText(
    // The day shows only when the ETA is not today (the demo trip's date moves with the clock).
    /ETA (\d{2}\/\d{2} )?\d{2}:\d{2}/,
  );
  await expect(customer.getByText('Posición actual').first()).toBeVisible();
  await customer.screenshot({ path: `${SCREENSHOTS}/7-cliente-con-retraso.png`, fullPage: true });

  // The driver loads in Madrid and drives off towards Zaragoza.
  const carga = driver.getByRole('list').first().getByRole('listitem').first();
  for (const label of ['He llegado', 'Cargado']) {
    const answered = driver.waitForResponse(
      (r) => /\/paradas\/\d+\/eventos$/.test(r.url()) && r.status() === 201,
    );
    await carga.getByRole('button', { name: label, exact: true }).click();
    await answered;
  }
  const antes = enviados;
  await phone.setGeolocation({ latitude: 40.47, longitude: -3.6, accuracy: 20 });
  await expect.poll(() => enviados).toBeGreaterThan(antes);

  // The customer sees the shipment on time now (its tracking refreshes; a reload is quicker).
  await expect(async () => {
    await customer.reload();
    await expect(customer.getByRole('heading', { name: `Partida ${partida}` })).toBeVisible();
    await expect(estado(customer, 'A tiempo')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(customer.getByText(/^Última posición hace/).first()).toBeVisible();
  await customer.screenshot({ path: `${SCREENSHOTS}/8-cliente-a-tiempo.png`, fullPage: true });

  // Screens of tracking and Portes at desktop and phone widths (build/screens, looked at).
  mkdirSync('build/screens', { recursive: true });
  for (const [nombre, width, height] of [
    ['escritorio', 1440, 900],
    ['movil', 390, 844],
  ] as const) {
    await customer.setViewportSize({ width, height });
    await expect(estado(customer, 'A tiempo')).toBeVisible();
    await customer.screenshot({ path: `build/screens/tracking-${nombre}.png`, fullPage: true });
    await customer.goto('/clientes/tracking');
    await expect(fila).toContainText('A tiempo');
    await customer.screenshot({ path: `build/screens/tracking-en-curso-${nombre}.png` });
    await customer.goto('/clientes/portes');
    await expect(
      customer.getByRole('link', { name: `Ver tracking del porte ${partida}` }),
    ).toBeVisible();
    await customer.screenshot({ path: `build/screens/portes-${nombre}.png` });
    await customer.goto(`/clientes/tracking-porte/${partida}`);
  }

  await phone.close();
  await cliente.close();
});
