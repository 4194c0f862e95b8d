// Text chunks in a PNG file (tEXt, ISO/IEC 15948 §11.3.4.3): a saved chart carries what it shows
// ("Title") and which run ("Description": workload, threads, connection, date) also as metadata,
// beside the caption drawn into the image. Latin-1 text; keywords from the PNG specification.

const PNG_SIGNATURE = '89504e470d0a1a0a';
/** signature (8) + IHDR chunk (4 length + 4 type + 13 data + 4 CRC) */
const AFTER_IHDR = 8 + 25;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** Text a tEXt chunk can hold: Latin-1 without NUL; anything else becomes '?'. */
function latin1(text: string, max: number): Buffer {
  return Buffer.from(text.slice(0, max).replace(/[^\u0020-\u007e\u00a0-\u00ff\n]/g, '?'), 'latin1');
}

function textChunk(keyword: string, text: string): Buffer {
  const data = Buffer.concat([latin1(keyword, 79), Buffer.from([0]), latin1(text, 2000)]);
  const type = Buffer.from('tEXt', 'latin1');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])));
  return Buffer.concat([length, type, data, crc]);
}

/** The PNG with tEXt chunks added after its header; a buffer that is not a PNG comes back as it was. */
export function withPngText(png: Buffer, entries: readonly [string, string][]): Buffer {
  if (png.length < AFTER_IHDR || png.subarray(0, 8).toString('hex') !== PNG_SIGNATURE || png.subarray(12, 16).toString('latin1') !== 'IHDR')
    return png;
  const chunks = entries.filter(([, text]) => text !== '').map(([keyword, text]) => textChunk(keyword, text));
  return Buffer.concat([png.subarray(0, AFTER_IHDR), ...chunks, png.subarray(AFTER_IHDR)]);
}

/** The tEXt entries of a PNG, in file order. */
export function readPngText(png: Buffer): [string, string][] {
  const entries: [string, string][] = [];
  let offset = 8;
  while (offset + 12 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.subarray(offset + 4, offset + 8).toString('latin1');
    if (type === 'tEXt') {
      const data = png.subarray(offset + 8, offset + 8 + length);
      const zero = data.indexOf(0);
      if (zero > 0) entries.push([data.subarray(0, zero).toString('latin1'), data.subarray(zero + 1).toString('latin1')]);
    }
    if (type === 'IEND') break;
    offset += 12 + length;
  }
  return entries;
}

/** Width and height from the IHDR chunk. */
export function pngSize(png: Buffer): { width: number; height: number } | undefined {
  if (png.length < AFTER_IHDR || png.subarray(12, 16).toString('latin1') !== 'IHDR') return undefined;
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
