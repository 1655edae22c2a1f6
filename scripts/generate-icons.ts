// Draws CrewSwap's app icons from one SVG and rasterises them with the system Chromium:
// `npx tsx scripts/generate-icons.ts`. The PNGs and favicon.ico are committed; run again only
// when the drawing changes.
import { writeFileSync } from "node:fs";
import { chromium } from "playwright-core";

const BLUE = "#005eb8";

/** The two swap arrows on NHS blue; `inset` keeps them inside the maskable safe zone. */
function iconSvg(opts: { rounded: boolean; inset: number }): string {
  const s = 1 - 2 * opts.inset;
  const t = `translate(${32 * opts.inset} ${32 * opts.inset}) scale(${s})`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="${opts.rounded ? 7 : 0}" fill="${BLUE}"/>
  <g transform="${t}"><path d="M9 12h11l-3-3m6 11H12l3 3" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></g>
</svg>`;
}

const targets = [
  { file: "client/public/icons/icon-192.png", size: 192, rounded: true, inset: 0 },
  { file: "client/public/icons/icon-512.png", size: 512, rounded: true, inset: 0 },
  // Maskable: full bleed, artwork within the central 80 % (W3C manifest safe zone).
  { file: "client/public/icons/maskable-512.png", size: 512, rounded: false, inset: 0.12 },
  // iOS rounds the corners itself.
  { file: "client/public/apple-touch-icon.png", size: 180, rounded: false, inset: 0.06 },
  { file: "client/public/icons/favicon-32.png", size: 32, rounded: true, inset: 0 },
];

/** An .ico holding one PNG image (allowed since Windows Vista; every browser reads it). */
function icoFromPng(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt8(0, 8);
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, png]);
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
try {
  const page = await browser.newPage();
  for (const t of targets) {
    await page.setViewportSize({ width: t.size, height: t.size });
    const svg = iconSvg(t);
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img src="data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}" width="${t.size}" height="${t.size}" style="display:block"></body></html>`,
    );
    const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: t.size, height: t.size } });
    writeFileSync(t.file, png);
    if (t.size === 32) writeFileSync("client/public/favicon.ico", icoFromPng(png, 32));
  }
} finally {
  await browser.close();
}
