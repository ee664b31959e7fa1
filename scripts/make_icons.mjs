// The page's icons (web/icons/), drawn here so that no third-party picture is needed: the
// textbook's 5x5 tour from a corner on the board's colours, on the page's dark background.
// The PNGs are committed (the build needs no image tools); run this again after changing it:
//   node scripts/make_icons.mjs
// icon.svg and icon-{192,512}.png ("any"): the board fills most of a rounded square.
// icon-maskable-512.png: the whole square is background and the board keeps inside the
// centre circle of 40% radius that every platform's mask leaves visible.
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const OUT = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'web/icons');

// The explorer's dark palette (ui/theme.cpp) and the page's background (shell.html).
const BACKGROUND = [0x1c, 0x1f, 0x24];
const LIGHT = [240, 217, 181], DARK = [181, 136, 99], PATH = [30, 80, 200];
const START = [20, 150, 60], END = [150, 50, 200];

// Sutcliffe's run from (1,1) on 5x5, top row first: each square's move number.
const TOUR = [[25, 18, 3, 12, 23], [8, 13, 24, 17, 4], [19, 2, 7, 22, 11],
  [14, 9, 20, 5, 16], [1, 6, 15, 10, 21]];
const N = 5;

// The drawing in unit coordinates: the board's square [m, 1 - m], the path through the
// squares' centres, its width, the end dots' radius, the background's corner radius.
function shape(margin, corner) {
  const side = (1 - 2 * margin) / N;
  const points = [];
  TOUR.forEach((row, r) => row.forEach((move, c) => {
    points[move - 1] = [margin + (c + 0.5) * side, margin + (r + 0.5) * side];
  }));
  return { margin, side, corner, points, width: side * 0.16, dot: side * 0.24 };
}
const ANY = shape(0.1, 0.18);
const MASKABLE = shape(0.5 - 0.56 / 2, 0);  // the board's corners 0.396 from the centre

function segmentDistance([px, py], [ax, ay], [bx, by]) {
  const dx = bx - ax, dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

// The colour at a point, or null outside the background's rounded square (transparent).
function colourAt(s, x, y) {
  const k = s.corner, cx = Math.min(Math.max(x, k), 1 - k), cy = Math.min(Math.max(y, k), 1 - k);
  if (Math.hypot(x - cx, y - cy) > k) return null;
  const p = [x, y];
  const last = s.points.length - 1;
  if (Math.hypot(x - s.points[0][0], y - s.points[0][1]) <= s.dot) return START;
  if (Math.hypot(x - s.points[last][0], y - s.points[last][1]) <= s.dot) return END;
  for (let i = 0; i < last; i++) {
    if (segmentDistance(p, s.points[i], s.points[i + 1]) <= s.width / 2) return PATH;
  }
  const c = Math.floor((x - s.margin) / s.side), r = Math.floor((y - s.margin) / s.side);
  if (c < 0 || r < 0 || c >= N || r >= N) return BACKGROUND;
  return (r + c) % 2 === 0 ? DARK : LIGHT;  // (1,1), bottom left, is dark as on a chessboard
}

// RGBA pixels, each the mean of 4x4 samples (the edges anti-aliased).
function raster(s, size) {
  const rgba = Buffer.alloc(size * size * 4);
  const SS = 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const sum = [0, 0, 0, 0];
      for (let j = 0; j < SS; j++) {
        for (let i = 0; i < SS; i++) {
          const col = colourAt(s, (x + (i + 0.5) / SS) / size, (y + (j + 0.5) / SS) / size);
          if (!col) continue;
          for (let k = 0; k < 3; k++) sum[k] += col[k];
          sum[3] += 255;
        }
      }
      const n = SS * SS, covered = sum[3] / 255, o = 4 * (y * size + x);
      for (let k = 0; k < 3; k++) rgba[o + k] = covered ? Math.round(sum[k] / covered) : 0;
      rgba[o + 3] = Math.round(sum[3] / n);
    }
  }
  return rgba;
}

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
function png(rgba, size) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);  // 8 bits, RGBA, deflate, no filter method, no interlace
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0;  // filter: none
    rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

function svg(s) {
  const f = (v) => +(v * 512).toFixed(2);
  const hex = (c) => '#' + c.map((v) => v.toString(16).padStart(2, '0')).join('');
  const squares = [];
  for (let r = 0; r < N; r++) {
    for (let c = 0; c < N; c++) {
      if ((r + c) % 2 === 0) {
        squares.push(`<rect x="${f(s.margin + c * s.side)}" y="${f(s.margin + r * s.side)}" ` +
                     `width="${f(s.side)}" height="${f(s.side)}"/>`);
      }
    }
  }
  const last = s.points[s.points.length - 1];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
<rect width="512" height="512" rx="${f(s.corner)}" fill="${hex(BACKGROUND)}"/>
<rect x="${f(s.margin)}" y="${f(s.margin)}" width="${f(N * s.side)}" height="${f(N * s.side)}" fill="${hex(LIGHT)}"/>
<g fill="${hex(DARK)}">${squares.join('')}</g>
<polyline fill="none" stroke="${hex(PATH)}" stroke-width="${f(s.width)}" stroke-linejoin="round" stroke-linecap="round" points="${s.points.map(([x, y]) => `${f(x)},${f(y)}`).join(' ')}"/>
<circle cx="${f(s.points[0][0])}" cy="${f(s.points[0][1])}" r="${f(s.dot)}" fill="${hex(START)}"/>
<circle cx="${f(last[0])}" cy="${f(last[1])}" r="${f(s.dot)}" fill="${hex(END)}"/>
</svg>
`;
}

writeFileSync(join(OUT, 'icon.svg'), svg(ANY));
for (const [name, s, size] of [['icon-192.png', ANY, 192], ['icon-512.png', ANY, 512],
  ['icon-maskable-512.png', MASKABLE, 512]]) {
  writeFileSync(join(OUT, name), png(raster(s, size), size));
}
console.log(`icons written to ${OUT}`);
