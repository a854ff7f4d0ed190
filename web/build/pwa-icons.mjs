// Makes the PNG icons of web/public/icons from the app logo (the favicon of web/index.html) with Chromium, once:
// `node web/build/pwa-icons.mjs`. The PNGs are committed; run again only when the logo changes.
import { URL } from 'node:url';
import { chromium } from 'playwright-core';
const out = new URL('../public/icons', import.meta.url).pathname;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ deviceScaleFactor: 1 });
// The favicon of web/index.html: a rounded blue square with a white rising line.
const logo = (size) =>
  `<svg xmlns='http://www.w3.org/2000/svg' width='${size}' height='${size}' viewBox='0 0 32 32'><rect width='32' height='32' rx='8' fill='#0b7cff'/><path d='M8 21l6-7 4 4 6-8' stroke='white' stroke-width='3' fill='none'/></svg>`;
// Maskable: full bleed, the line inside the 80 % safe circle.
const maskable = (size) =>
  `<svg xmlns='http://www.w3.org/2000/svg' width='${size}' height='${size}' viewBox='0 0 32 32'><rect width='32' height='32' fill='#0b7cff'/><g transform='translate(16 16) scale(0.75) translate(-16 -16)'><path d='M8 21l6-7 4 4 6-8' stroke='white' stroke-width='3' fill='none'/></g></svg>`;
for (const [name, svg, size] of [
  ['icon-192.png', logo, 192],
  ['icon-512.png', logo, 512],
  ['maskable-512.png', maskable, 512],
]) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg(size)}</body></html>`);
  await page.locator('svg').screenshot({ path: `${out}/${name}`, omitBackground: true });
}
await browser.close();
