// performance_schema's digest counts may fall a few short of the client's at high concurrency
// (MariaDB adds to a digest's counters without atomics; CI saw 98,218 counted of 98,221 run). The
// note appears with both counts when that is what happened, as a footnote when the client's count
// is unknown, and never for TiDB; the result tab and the CLI summary say the same words.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ServerActivity, ServerStatement } from '../../../src/core/results/benchmarkResult';
import { digestCountNote, PERFORMANCE_SCHEMA_DIGESTS, runDigestCountNote } from '../../../src/core/results/digestCountNote';
import { serverActivityLines } from '../../../src/core/results/serverActivityText';
import { runToMarkdown } from '../../../src/core/results/exportMarkdown';
import { digestCountNoteElement } from '../../../webview/benchmarkResults/digestCountNoteView';
import { sampleRun } from './support/sampleResults';
import { FakeElement } from '../../support/fakeDocument';

function statement(digest: string, execCount: number, counted: ServerStatement['counted'] = 'digest'): ServerStatement {
  return {
    digest,
    text: `SELECT c FROM sbtest1 WHERE id = ? /* ${digest} */`,
    execCount,
    sumLatencyMs: execCount,
    avgLatencyMs: 1,
    maxLatencyMs: 2,
    planDigests: [],
    engines: [],
    counted,
  };
}

const mariadb = (...statements: ServerStatement[]): ServerActivity => ({ source: PERFORMANCE_SCHEMA_DIGESTS, statements, warnings: [] });

test('performance_schema counted slightly fewer than the client sent: the note gives both counts', () => {
  const note = digestCountNote(mariadb(statement('a', 90_000), statement('b', 8218)), 98_221);
  assert.equal(note?.kind, 'short');
  assert.equal(note?.serverCount, 98_218);
  assert.equal(note?.clientCount, 98_221);
  assert.equal(
    note?.text,
    "performance_schema counted 98,218 of the 98,221 statements the client sent: it adds to a digest's counters without atomic updates, so at high concurrency a few executions go uncounted. The client's count is the exact one.",
  );
});

test('counts that agree need no note; without a comparable client count it is a footnote; TiDB never gets one', () => {
  assert.equal(digestCountNote(mariadb(statement('a', 98_221)), 98_221), null);
  assert.equal(digestCountNote(mariadb(statement('a', 100_000)), 98_221), null);
  const footnote = digestCountNote(mariadb(statement('a', 98_218)));
  assert.equal(footnote?.kind, 'footnote');
  assert.equal(
    footnote?.text,
    "At high concurrency performance_schema's digest counts can be slightly lower than the client's (it adds to them without atomic updates).",
  );
  // prepared executions are counted elsewhere: the totals do not compare
  assert.equal(digestCountNote(mariadb(statement('a', 50), statement('p', 40, 'prepared')), 100)?.kind, 'footnote');
  // far fewer is not a few lost increments: no numbers that would blame it
  assert.equal(digestCountNote(mariadb(statement('a', 500)), 98_221)?.kind, 'footnote');
  const tidb: ServerActivity = { ...mariadb(statement('a', 98_218)), source: 'information_schema.cluster_statements_summary' };
  assert.equal(digestCountNote(tidb, 98_221), null);
  assert.equal(digestCountNote(tidb), null);
  assert.equal(digestCountNote(undefined, 10), null);
});

test("a run's note compares with the statements its client sent (TiDB Lab's own runs only)", () => {
  const run = sampleRun({ server: { flavor: 'mariadb', version: '10.11.19', activity: mariadb(statement('a', 2098)) } });
  assert.equal(run.summary.queries, 2100);
  assert.deepEqual(
    [runDigestCountNote(run)?.kind, runDigestCountNote(run)?.serverCount, runDigestCountNote(run)?.clientCount],
    ['short', 2098, 2100],
  );
  const imported = { ...run, source: { tool: 'sysbench', toolVersion: '1.0.20' } };
  assert.equal(runDigestCountNote(imported)?.kind, 'footnote');
});

test('the CLI summary prints the same words after the statements', () => {
  const activity = mariadb(statement('a', 98_218));
  const note = digestCountNote(activity, 98_221);
  const lines = serverActivityLines(activity, 5, note);
  assert.equal(lines.at(-1), `Server: ${note?.text}`);
  const footnote = digestCountNote(activity);
  assert.equal(serverActivityLines(activity, 5, footnote).at(-1), `Note: ${footnote?.text}`);
  assert.ok(!serverActivityLines(activity).some((line) => /atomic/.test(line)));
});

test("a run's Markdown export carries the note the Server section shows, after the statements", () => {
  const run = sampleRun({ server: { flavor: 'mariadb', version: '10.11.19', activity: mariadb(statement('a', 2098)) } });
  const markdown = runToMarkdown(run);
  const note = runDigestCountNote(run)?.text ?? '';
  assert.match(note, /counted 2,098 of the 2,100 statements/);
  assert.ok(markdown.includes(`\n${note}\n`), markdown);
  assert.ok(markdown.indexOf(note) > markdown.indexOf('**Server: statements by server time**'));
  const imported = { ...run, source: { tool: 'sysbench', toolVersion: '1.0.20' } };
  assert.ok(runToMarkdown(imported).includes(`Note: ${runDigestCountNote(imported)?.text ?? '?'}`));
  const tidb = sampleRun({
    server: {
      flavor: 'tidb',
      version: '8.5.0',
      activity: { ...mariadb(statement('a', 2098)), source: 'information_schema.cluster_statements_summary' },
    },
  });
  assert.doesNotMatch(runToMarkdown(tidb), /atomic/);
});

test("the result tab's Server section shows the note as text: with both counts, or muted as a footnote", () => {
  const globals = globalThis as { document?: unknown };
  const saved = globals.document;
  globals.document = { createElement: (tag: string) => new FakeElement(tag) };
  try {
    const short = digestCountNoteElement(digestCountNote(mariadb(statement('a', 98_218)), 98_221)) as unknown as FakeElement;
    assert.equal(short.tagName, 'p');
    assert.equal(short.attributes.get('data-count-note'), 'short');
    assert.equal(short.className, 'server-count-note');
    assert.match(short.textContent, /^performance_schema counted 98,218 of the 98,221 statements the client sent/);
    const footnote = digestCountNoteElement(digestCountNote(mariadb(statement('a', 98_218)))) as unknown as FakeElement;
    assert.equal(footnote.attributes.get('data-count-note'), 'footnote');
    assert.equal(footnote.className, 'server-count-note muted');
    assert.equal(digestCountNoteElement(null), null);
  } finally {
    globals.document = saved;
  }
});
