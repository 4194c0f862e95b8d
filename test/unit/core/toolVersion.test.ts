import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, describe, test } from 'node:test';
import { TOOL_VERSION, versionOfEnclosingPackage } from '../../../src/core/toolVersion';

const folder = mkdtempSync(join(tmpdir(), 'tidblab-version-'));
after(() => rmSync(folder, { recursive: true, force: true }));

describe("TiDB Lab's version", () => {
  test('outside a bundle, is the version in package.json', () => {
    const manifest = JSON.parse(readFileSync(resolve(__dirname, '../../../../package.json'), 'utf8')) as { version: string };
    assert.equal(TOOL_VERSION, manifest.version);
  });

  test("comes from the nearest package.json named tidb-lab, not another package's", () => {
    writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'tidb-lab', version: '2.3.4' }));
    mkdirSync(join(folder, 'nested/deeper'), { recursive: true });
    writeFileSync(join(folder, 'nested/package.json'), JSON.stringify({ name: 'something-else', version: '9.9.9' }));
    assert.equal(versionOfEnclosingPackage(join(folder, 'nested/deeper')), '2.3.4');
  });
});
