// Makes the README's pictures (media/readme/) from the end-to-end tests' screenshots: each one
// scaled to 960 pixels wide (or cropped first), its colour levels rounded to multiples of 8 and
// written again as an RGB PNG, so that each stays under 100 KB. Plain Node (zlib): the machine
// has no image tools. Usage: node scripts/readmeImages.mjs [SCREENSHOTS_DIR] (default test-results/screenshots).
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** README picture -> the screenshot it comes from, its width, and an optional crop [x, y, width, height]. */
export const README_PICTURES = [
  { out: 'plan-view-light.png', from: 'plans-maximised-light.png', width: 960 },
  { out: 'benchmark-result-dark.png', from: 'benchmarks-result-dark.png', width: 960 },
  { out: 'explorer-light.png', from: 'connections-tidb-tree-light.png', width: 390, crop: [0, 30, 390, 640] },
  { out: 'results-grid-light.png', from: 'run-grid-side-by-side-light.png', width: 960 },
  { out: 'experiment-heatmap-light.png', from: 'benchmarks-experiment-heatmap-light.png', width: 960 },
];

function paeth(a, b, c) {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

function predictor(filter, a, b, c) {
  if (filter === 1) return a;
  if (filter === 2) return b;
  if (filter === 3) return (a + b) >> 1;
  if (filter === 4) return paeth(a, b, c);
  return 0;
}

/** An 8-bit RGB or RGBA, non-interlaced PNG as { width, height, channels, pixels }. */
export function decodePng(buffer) {
  let pos = 8;
  let header;
  const idat = [];
  while (pos < buffer.length) {
    const length = buffer.readUInt32BE(pos);
    const type = buffer.toString('ascii', pos + 4, pos + 8);
    const data = buffer.subarray(pos + 8, pos + 8 + length);
    if (type === 'IHDR')
      header = { width: data.readUInt32BE(0), height: data.readUInt32BE(4), depth: data[8], colour: data[9], interlace: data[12] };
    if (type === 'IDAT') idat.push(data);
    pos += 12 + length;
  }
  if (!header || header.depth !== 8 || header.interlace !== 0 || (header.colour !== 2 && header.colour !== 6)) {
    throw new Error('only 8-bit RGB or RGBA PNGs without interlacing are read');
  }
  const { width, height } = header;
  const channels = header.colour === 6 ? 4 : 3;
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const source = y * (stride + 1) + 1;
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? pixels[y * stride + i - channels] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + i] : 0;
      const c = y > 0 && i >= channels ? pixels[(y - 1) * stride + i - channels] : 0;
      pixels[y * stride + i] = (raw[source + i] + predictor(filter, a, b, c)) & 255;
    }
  }
  return { width, height, channels, pixels };
}

/** The image cropped, scaled down to `width` by area averaging, as RGB with levels rounded to `step`. */
export function scaled(image, width, crop = [0, 0, image.width, image.height], step = 8) {
  const [cropX, cropY, cropWidth, cropHeight] = crop;
  const outWidth = Math.min(width, cropWidth);
  const outHeight = Math.round((cropHeight * outWidth) / cropWidth);
  const scale = cropWidth / outWidth;
  const out = Buffer.alloc(outWidth * outHeight * 3);
  for (let y = 0; y < outHeight; y++) {
    for (let x = 0; x < outWidth; x++) {
      const x0 = x * scale;
      const y0 = y * scale;
      const sums = [0, 0, 0];
      let weights = 0;
      for (let sy = Math.floor(y0); sy < Math.ceil(y0 + scale); sy++) {
        const wy = Math.min(sy + 1, y0 + scale) - Math.max(sy, y0);
        for (let sx = Math.floor(x0); sx < Math.ceil(x0 + scale); sx++) {
          const weight = wy * (Math.min(sx + 1, x0 + scale) - Math.max(sx, x0));
          const at = ((cropY + sy) * image.width + cropX + sx) * image.channels;
          for (let k = 0; k < 3; k++) sums[k] += image.pixels[at + k] * weight;
          weights += weight;
        }
      }
      for (let k = 0; k < 3; k++) out[(y * outWidth + x) * 3 + k] = Math.min(255, Math.round(sums[k] / weights / step) * step);
    }
  }
  return { width: outWidth, height: outHeight, channels: 3, pixels: out };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 255] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB image as a PNG, each row with the filter that leaves the smallest residuals. */
export function encodePng({ width, height, pixels }) {
  const stride = width * 3;
  const filtered = Buffer.alloc(height * (stride + 1));
  for (let y = 0; y < height; y++) {
    let best;
    let bestCost = Infinity;
    for (let filter = 0; filter < 5; filter++) {
      const row = Buffer.alloc(stride + 1);
      row[0] = filter;
      let cost = 0;
      for (let i = 0; i < stride; i++) {
        const a = i >= 3 ? pixels[y * stride + i - 3] : 0;
        const b = y > 0 ? pixels[(y - 1) * stride + i] : 0;
        const c = y > 0 && i >= 3 ? pixels[(y - 1) * stride + i - 3] : 0;
        const value = (pixels[y * stride + i] - predictor(filter, a, b, c)) & 255;
        row[i + 1] = value;
        cost += value < 128 ? value : 256 - value;
      }
      if (cost < bestCost) [best, bestCost] = [row, cost];
    }
    best.copy(filtered, y * (stride + 1));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(filtered, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function main(argv) {
  const screenshots = resolve(argv[0] ?? join(repoRoot, 'test-results', 'screenshots'));
  const outDir = join(repoRoot, 'media', 'readme');
  mkdirSync(outDir, { recursive: true });
  for (const picture of README_PICTURES) {
    const image = scaled(decodePng(readFileSync(join(screenshots, picture.from))), picture.width, picture.crop);
    const png = encodePng(image);
    writeFileSync(join(outDir, picture.out), png);
    console.log(`media/readme/${picture.out}: ${image.width}x${image.height}, ${Math.round(png.length / 1024)} KB (from ${picture.from})`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
