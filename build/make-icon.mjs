// Draws Muster's application icon (build/icon.png, 1024x1024, and build/icon.svg) without any download:
// a navy rounded square, a parchment ring and a gold five-pointed star. Run: node build/make-icon.mjs
// electron-builder turns icon.png into the .ico (Windows) and .icns (macOS) it needs.
import { Buffer } from 'node:buffer';
import { writeFileSync } from 'node:fs';
import process from 'node:process';
import { URL } from 'node:url';
import { deflateSync } from 'node:zlib';

const SIZE = 1024;
const NAVY = [27, 42, 74];
const PARCHMENT = [239, 230, 207];
const GOLD = [201, 154, 46];

/** The five-pointed star's ten corners around (cx, cy). */
function starPoints(cx, cy, outer, inner) {
  const points = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  return points;
}

function insidePolygon(x, y, pts) {
  let inside = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i];
    const [xj, yj] = pts[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function insideRoundedSquare(x, y, margin, radius) {
  const lo = margin;
  const hi = SIZE - margin;
  if (x < lo || x > hi || y < lo || y > hi) return false;
  const cx = Math.min(Math.max(x, lo + radius), hi - radius);
  const cy = Math.min(Math.max(y, lo + radius), hi - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

const C = SIZE / 2;
const STAR = starPoints(C, C + 18, 300, 122);

/** Colour and coverage of one point of the picture (null: transparent). */
function colourAt(x, y) {
  if (!insideRoundedSquare(x, y, 40, 190)) return null;
  const d = Math.hypot(x - C, y - C);
  if (insidePolygon(x, y, STAR)) return GOLD;
  if (d <= 420 && d >= 380) return PARCHMENT;
  return NAVY;
}

function renderPng() {
  const SAMPLES = 3;
  const raw = Buffer.alloc((SIZE * 4 + 1) * SIZE);
  for (let py = 0; py < SIZE; py++) {
    const row = py * (SIZE * 4 + 1);
    raw[row] = 0; // filter: none
    for (let px = 0; px < SIZE; px++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const c = colourAt(px + (sx + 0.5) / SAMPLES, py + (sy + 0.5) / SAMPLES);
          if (c) {
            r += c[0]; g += c[1]; b += c[2]; a += 1;
          }
        }
      }
      const o = row + 1 + px * 4;
      if (a > 0) {
        raw[o] = Math.round(r / a);
        raw[o + 1] = Math.round(g / a);
        raw[o + 2] = Math.round(b / a);
      }
      raw[o + 3] = Math.round((255 * a) / (SAMPLES * SAMPLES));
    }
  }
  return encodePng(raw);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(raw) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(SIZE, 0);
  ihdr.writeUInt32BE(SIZE, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function renderSvg() {
  const rgb = (c) => `rgb(${c.join(',')})`;
  const star = STAR.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}">
  <title>Muster</title>
  <rect x="40" y="40" width="${SIZE - 80}" height="${SIZE - 80}" rx="190" fill="${rgb(NAVY)}"/>
  <circle cx="${C}" cy="${C}" r="400" fill="none" stroke="${rgb(PARCHMENT)}" stroke-width="40"/>
  <polygon points="${star}" fill="${rgb(GOLD)}"/>
</svg>
`;
}

const here = new URL('.', import.meta.url);
writeFileSync(new URL('icon.png', here), renderPng());
writeFileSync(new URL('icon.svg', here), renderSvg());
process.stdout.write('wrote build/icon.png and build/icon.svg\n');
