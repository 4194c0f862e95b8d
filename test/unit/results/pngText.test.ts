import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { crc32 as zlibCrc32, deflateSync, inflateSync } from 'node:zlib';
import { crc32, pngSize, readPngText, withPngText } from '../../../src/core/results/pngText';

interface Chunk {
  type: string;
  data: Buffer;
  crcValid: boolean;
}

/** A reader independent of the code under test: every chunk, its CRC checked with zlib's crc32. */
function chunksOf(png: Buffer): Chunk[] {
  assert.equal(png.subarray(0, 8).toString('hex'), '89504e470d0a1a0a', 'PNG signature');
  const chunks: Chunk[] = [];
  let offset = 8;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const typeAndData = png.subarray(offset + 4, offset + 8 + length);
    const stored = png.readUInt32BE(offset + 8 + length);
    chunks.push({
      type: typeAndData.subarray(0, 4).toString('latin1'),
      data: typeAndData.subarray(4),
      crcValid: zlibCrc32(typeAndData) === stored,
    });
    offset += 12 + length;
  }
  assert.equal(offset, png.length, 'chunks end exactly at the end of the file');
  return chunks;
}

/** The image rows, inflated from the IDAT chunks: proves the picture itself survived. */
function pixelsOf(png: Buffer): Buffer {
  return inflateSync(
    Buffer.concat(
      chunksOf(png)
        .filter((chunk) => chunk.type === 'IDAT')
        .map((chunk) => chunk.data),
    ),
  );
}

/** A 3×2 RGB PNG made by hand (filter byte 0 per row). */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlibCrc32(typeAndData));
    return Buffer.concat([length, typeAndData, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(3, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const IDENTITY: [string, string][] = [
  ['Title', 'QPS over time'],
  ['Description', 'oltp_read_write · 16 threads · staging · TiDB v8.5.1 · 12/1/2026, 4:13:51 PM'],
  ['Software', 'TiDB Lab'],
];

describe('withPngText', () => {
  test('tEXt chunks go right after IHDR with valid CRCs, and read back; the image is unchanged', () => {
    for (const png of [tinyPng(), readFileSync(join(__dirname, '../../../../media/tidb-lab.png'))]) {
      const written = withPngText(png, IDENTITY);
      const chunks = chunksOf(written);
      assert.deepEqual(chunks.map((chunk) => chunk.type).slice(0, 4), ['IHDR', 'tEXt', 'tEXt', 'tEXt']);
      assert.ok(
        chunks.every((chunk) => chunk.crcValid),
        `invalid CRC in ${chunks.filter((chunk) => !chunk.crcValid).map((chunk) => chunk.type)}`,
      );
      assert.equal(chunks.at(-1)?.type, 'IEND');
      assert.deepEqual(readPngText(written), IDENTITY);
      // keyword, NUL, Latin-1 text: what every PNG reader expects
      assert.deepEqual(chunks[2].data, Buffer.concat([Buffer.from('Description\0', 'latin1'), Buffer.from(IDENTITY[1][1], 'latin1')]));
      assert.deepEqual(pixelsOf(written), pixelsOf(png));
      assert.deepEqual(pngSize(written), pngSize(png));
    }
  });

  test('the size comes from IHDR', () => {
    assert.deepEqual(pngSize(tinyPng()), { width: 3, height: 2 });
  });

  test('empty texts are left out; text outside Latin-1 becomes "?"; a non-PNG comes back as it was', () => {
    const written = withPngText(tinyPng(), [
      ['Title', ''],
      ['Description', 'run on 東京 · 2 threads'],
    ]);
    assert.deepEqual(readPngText(written), [['Description', 'run on ?? · 2 threads']]);
    assert.ok(chunksOf(written).every((chunk) => chunk.crcValid));
    const notPng = Buffer.from('GIF89a not a png at all, but long enough to have a header');
    assert.equal(withPngText(notPng, IDENTITY), notPng);
  });

  test('crc32 agrees with zlib', () => {
    for (const text of ['', 'IEND', 'tEXtTitle\0QPS over time'])
      assert.equal(crc32(Buffer.from(text, 'latin1')), zlibCrc32(Buffer.from(text, 'latin1')));
  });
});
