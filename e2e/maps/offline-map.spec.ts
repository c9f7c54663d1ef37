import { expect, test } from '@playwright/test';
import { MAP_PAGES, watchCspViolations } from './map-pages.js';

/**
 * Without MAPS_API_KEY (the test server has none) every map is a real map all the same
 * (issue 14): MapLibre draws the basemap the portal ships, with the product's markers. The
 * browser may reach nothing but the portal: any other request fails the test.
 */
test.describe('offline map (no maps key)', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await page.route(
      (url) => !url.href.startsWith(`${baseURL}/`),
      (route) => route.abort('blockedbyclient'),
    );
  });

  for (const mapPage of MAP_PAGES) {
    test(`${mapPage.name}: a MapLibre map with its markers, the list as the other view`, async ({
      page,
    }) => {
      const cspViolations = await watchCspViolations(page);
      const outside: string[] = [];
      page.on('request', (request) => {
        if (!request.url().startsWith('http://127.0.0.1')) outside.push(request.url());
      });
      const basemap = page.waitForResponse((r) => r.url().endsWith('/maps/basemap.json'));
      await mapPage.open(page);

      // The canvas is the map region (MapLibre names it with the map's label).
      const canvas = page.getByRole('region', { name: mapPage.label });
      await expect(canvas).toBeVisible();
      await expect(canvas).toHaveJSProperty('tagName', 'CANVAS');
      expect((await basemap).status()).toBe(200);
      const map = page.locator('[data-map="maplibre"]');
      await expect(map).toHaveAttribute('data-basemap', 'ready');

      // Markers: coloured pins with their white 17px labels, titled like the list's items.
      const pins = map.locator('[data-marker]');
      await expect(pins.first()).toBeVisible();
      const pin = await pins.first().evaluate((element) => {
        const style = getComputedStyle(element);
        return {
          color: style.color,
          fontSize: style.fontSize,
          title: element.getAttribute('title') ?? '',
        };
      });
      expect(pin).toMatchObject({ color: 'rgb(255, 255, 255)', fontSize: '17px' });
      expect(pin.title).not.toBe('');

      // A pin opens a popup with its title: the topmost pin (later markers are drawn on top)
      // among those inside the visible map (at zoom 7 some sample markers lie beyond its edge).
      const visible = await pins.evaluateAll((elements) => {
        const frame = elements[0]?.closest('[data-map]')?.getBoundingClientRect();
        return elements.map((element) => {
          const box = element.getBoundingClientRect();
          const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
          return !!frame && x > frame.left && x < frame.right && y > frame.top && y < frame.bottom;
        });
      });
      const top = pins.nth(visible.lastIndexOf(true));
      await top.click();
      await expect(map.locator('.maplibregl-popup')).toContainText(
        (await top.getAttribute('title')) ?? '',
      );
      await map.getByRole('button', { name: 'Cerrar' }).click();
      await expect(map.locator('.maplibregl-popup')).toHaveCount(0);

      // The list stays, for screen readers beside the map, and as the other view.
      const list = page.getByRole('list', { name: mapPage.label });
      await expect(list.getByRole('listitem')).toHaveCount(await pins.count());
      await expect(list.getByRole('listitem').first()).toContainText(pin.title);
      const views = page.getByRole('radiogroup', { name: 'Vista del mapa' });
      await expect(views.getByRole('radio', { name: 'Mapa' })).toBeChecked();
      await views.getByText('Lista', { exact: true }).click();
      await expect(views.getByRole('radio', { name: 'Lista' })).toBeChecked();
      await expect(canvas).toHaveCount(0);
      await expect(list.getByRole('listitem').first()).toBeVisible();
      await views.getByText('Mapa', { exact: true }).click();
      await expect(canvas).toBeVisible();

      expect(outside).toEqual([]);
      expect(await cspViolations()).toEqual([]);
    });
  }

  test('maptest: the Peru sample markers on the offline map', async ({ page }) => {
    const maptest = MAP_PAGES.find((p) => p.name === 'maptest')!;
    await maptest.open(page);
    const map = page.locator('[data-map="maplibre"]');
    await expect(map).toHaveAttribute('data-basemap', 'ready');
    for (const title of ['Lima', 'Cusco', 'Arequipa', 'Trujillo']) {
      await expect(map.locator(`[data-marker][title="${title}"]`)).toBeVisible();
    }
  });
});
