// scripts/failureDigest.mjs ends a failed CI log with what TiDB Lab's log said last in each e2e failure report.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, describe, test } from 'node:test';

const script = resolve(__dirname, '../../../../scripts/failureDigest.mjs');
const folders: string[] = [];
after(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** The digest the script prints for these reports (a folder of <name>.log files). */
function failureDigest(reports: { name: string; text: string }[], linesPerReport?: number): string[] {
  const folder = mkdtempSync(join(tmpdir(), 'tidblab-failure-digest-'));
  folders.push(folder);
  for (const { name, text } of reports) writeFileSync(join(folder, `${name}.log`), text);
  const args = [script, folder, ...(linesPerReport === undefined ? [] : [String(linesPerReport)])];
  return execFileSync(process.execPath, args, { encoding: 'utf8' }).split('\n').filter(Boolean);
}

function report(sections: Record<string, string[]>): string {
  return Object.entries(sections)
    .map(([title, lines]) => [`--- ${title} ---`, ...lines].join('\n'))
    .join('\n');
}

describe('the digest of e2e failure reports at the end of a CI log', () => {
  test("gives the last lines of each report's TiDB Lab log, not the code-server output around it", () => {
    const text = report({
      'code-server output (/tmp/e/code-server.log)': ['info  code-server 4.100.3'],
      'extension host log (/tmp/e/remoteexthost.log)': ['host line'],
      'TiDB Lab log (/tmp/e/TiDB Lab.log)': ['one', 'two', '', 'three', 'x'.repeat(300)],
      'page console errors': ['(none)'],
    });
    const digest = failureDigest([{ name: 'benchmark-reload', text }], 3);
    assert.deepEqual(digest.slice(0, 3), ['::: benchmark-reload: the last lines of its TiDB Lab log', ':::   two', ':::   three']);
    assert.equal(digest.length, 4);
    assert.ok(digest[3].endsWith('…') && digest[3].length < 260, 'a long line is cut short');
  });

  test('falls back to the extension host log, and says when a report has neither', () => {
    const withHostOnly = report({ 'extension host log (/tmp/e/remoteexthost.log)': ['activating tidb-lab'], 'TiDB Lab log (x)': [''] });
    assert.deepEqual(
      failureDigest([
        { name: 'a', text: withHostOnly },
        { name: 'b', text: 'no sections at all' },
      ]),
      [
        '::: a: the last lines of its extension host log',
        ':::   activating tidb-lab',
        '::: b: the report has no TiDB Lab or extension host log',
      ],
    );
  });
});
