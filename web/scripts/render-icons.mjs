// Renders the installable app's PNG icons (web/public/icons/) from the top bar's logo: lucide's
// Store glyph in white on the brand teal (components/page-frame/brand-mark.tsx). Re-run after
// changing the logo or the brand colour, then commit the PNGs:
//   cd web && node scripts/render-icons.mjs
// Uses Debian's Chromium through playwright-core, like the e2e tests (CHROMIUM_PATH overrides).
import { mkdir } from 'node:fs/promises';
import { __iconData as storeGlyph } from 'lucide-react/dist/esm/icons/store.mjs';
import { chromium } from 'playwright-core';

const brandTeal = '#0f6e6e';
const outDir = new URL('../public/icons/', import.meta.url);

/**
 * `glyphShare` is the glyph's width as a share of the icon. A maskable icon fills its square
 * (the platform cuts its own shape) and keeps the glyph inside the central 80 % safe zone.
 */
const icons = [
  { file: 'icon-192.png', size: 192, glyphShare: 0.58, rounded: true },
  { file: 'icon-512.png', size: 512, glyphShare: 0.58, rounded: true },
  { file: 'icon-maskable-512.png', size: 512, glyphShare: 0.46, rounded: false },
  // iOS ignores transparency and rounds the corners itself.
  { file: 'apple-touch-icon-180.png', size: 180, glyphShare: 0.52, rounded: false },
];

function glyphMarkup() {
  return storeGlyph.node
    .map(([tag, attributes]) => {
      const attrs = Object.entries(attributes)
        .filter(([name]) => name !== 'key')
        .map(([name, value]) => `${name}="${value}"`)
        .join(' ');
      return `<${tag} ${attrs}/>`;
    })
    .join('');
}

function iconSvg({ size, glyphShare, rounded }) {
  const glyphSize = size * glyphShare;
  const offset = (size - glyphSize) / 2;
  const radius = rounded ? size * 0.2 : 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${radius}" fill="${brandTeal}"/>
  <svg x="${offset}" y="${offset}" width="${glyphSize}" height="${glyphSize}" viewBox="0 0 24 24" fill="none"
    stroke="#ffffff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${glyphMarkup()}</svg>
</svg>`;
}

await mkdir(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(`<html><body style="margin:0">${iconSvg(icon)}</body></html>`);
    const path = new URL(icon.file, outDir).pathname;
    await page.locator('svg').first().screenshot({ path, omitBackground: true });
    console.log(`wrote ${path}`);
  }
} finally {
  await browser.close();
}
