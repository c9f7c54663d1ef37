#!/usr/bin/env node
// Draws public/icons/<app>-{192,512,maskable-512}.png, <app>.svg and public/favicon.ico (the
// customer's, 32 px, a PNG inside an ICO) from icons.mjs (issue 20).
// Run after changing the icons: `npm run icons -w @extranet/web`.
import { writeFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { APPS, iconSvg } from './icons.mjs';

const out = new URL('../public/icons/', import.meta.url);

/** An ICO file holding one PNG image (Windows Vista's format, read by every browser). */
function icoOf(png, size) {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // offset of the image
  return Buffer.concat([header, png]);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const page = await browser.newPage();
  for (const [app, color] of Object.entries(APPS)) {
    await writeFile(new URL(`${app}.svg`, out), `${iconSvg(color)}\n`);
    for (const [name, size, maskable] of [
      [`${app}-192.png`, 192, false],
      [`${app}-512.png`, 512, false],
      [`${app}-maskable-512.png`, 512, true],
    ]) {
      await page.setViewportSize({ width: size, height: size });
      await page.setContent(
        `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${iconSvg(color, maskable)}`,
      );
      await writeFile(new URL(name, out), await page.screenshot({ omitBackground: true }));
    }
    if (app === 'clientes') {
      await page.setViewportSize({ width: 32, height: 32 });
      await page.setContent(
        `<style>html,body{margin:0;background:transparent}svg{display:block;width:32px;height:32px}</style>${iconSvg(color)}`,
      );
      const png = await page.screenshot({ omitBackground: true });
      await writeFile(new URL('../favicon.ico', out), icoOf(png, 32));
    }
  }
} finally {
  await browser.close();
}
