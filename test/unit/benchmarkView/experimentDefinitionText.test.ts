// Experiment documents in the editor: which JSON documents get the Run Experiment CodeLens, the
// engine's validation message for a broken one, and the key the diagnostic underlines.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { EXPERIMENT_PRESETS, presetDocument } from '../../../src/core/bench/experiments/experimentPresets';
import { looksLikeExperimentText, parseDocumentDefinition, problemKey } from '../../../src/extension/benchmarks/experimentDefinitionText';

describe('experiment documents', () => {
  test('preset documents, *.experiment.json files and JSON shaped like a definition are experiments; other JSON is not', () => {
    for (const preset of EXPERIMENT_PRESETS)
      assert.equal(looksLikeExperimentText('json', 'Untitled-1', presetDocument(preset)), true, preset.id);
    assert.equal(looksLikeExperimentText('json', '/w/cached.experiment.json', '{'), true, 'by name, even while it is broken');
    assert.equal(looksLikeExperimentText('jsonc', '/w/a.json', '{ "workloads": ["oltp_point_select"], "threads": [8] }'), true);
    assert.equal(looksLikeExperimentText('json', '/w/package.json', '{ "name": "x", "scripts": {} }'), false);
    assert.equal(looksLikeExperimentText('sql', '/w/a.experiment.json', '{}'), false, 'only JSON documents');
  });

  test("a valid document gives the definition; a broken one the engine's sentence", () => {
    const parsed = parseDocumentDefinition('{ "name": "sweep", "workloads": ["oltp_point_select"], "threads": [8, 16] }');
    assert.ok(parsed.ok);
    assert.equal(parsed.definition.kind, 'sysbench');
    assert.deepEqual(parseDocumentDefinition('{ "name": "x", "workloads": ["tpcc"], "threads": [8] }'), {
      ok: false,
      message: '"workloads[0]": unknown workload \'tpcc\'.',
      problems: [{ message: '"workloads[0]": unknown workload \'tpcc\'.' }],
    });
    const notJson = parseDocumentDefinition('{ "name": ');
    assert.equal(notJson.ok, false);
    assert.match(
      (notJson as { message: string }).message,
      /^Not valid JSON at line 1, column 11: expected a value, found the end of the text\.$/,
    );
    const badOption = parseDocumentDefinition(
      '{ "name": "x", "workloads": ["oltp_point_select"], "threads": [8], "options": { "tabel_size": 5 } }',
    );
    assert.deepEqual(badOption, {
      ok: false,
      message: '"options.tabel_size" is not a sysbench option.',
      problems: [{ message: '"options.tabel_size" is not a sysbench option.' }],
    });
  });

  test('option values the engine would refuse are found while typing, each with the key to underline', () => {
    const parsed = parseDocumentDefinition(
      JSON.stringify({
        name: 'x',
        workloads: [{ name: 'oltp_read_write', params: { point_selects: [10, -3] } }],
        threads: [8],
        options: { time: -5, rand_type: 'bogus' },
      }),
    );
    assert.equal(parsed.ok, false);
    const problems = parsed.ok ? [] : parsed.problems.map((problem) => problem.message);
    assert.ok(
      problems.some((message) => /^"options\.time": Invalid value for --time: -5/.test(message)),
      problems.join('\n'),
    );
    assert.equal(problemKey(problems[0]), 'time');
    assert.ok(
      problems.every((message) => !message.includes('check')),
      'the stand-in connection is never mentioned',
    );
    const rand = parseDocumentDefinition(
      JSON.stringify({ name: 'x', workloads: ['oltp_point_select'], threads: [8], options: { rand_type: 'bogus' } }),
    );
    assert.match(rand.ok ? '' : rand.message, /^"options\.rand_type": Invalid random numbers distribution: bogus/);
    const param = parseDocumentDefinition(
      JSON.stringify({ name: 'x', workloads: [{ name: 'oltp_read_write', params: { point_selects: [10, -3] } }], threads: [8] }),
    );
    assert.match(param.ok ? '' : param.message, /^"options\.point_selects": Invalid value for --point_selects: -3/);
    assert.equal(
      parseDocumentDefinition(
        JSON.stringify({ name: 'x', workloads: ['oltp_point_select'], threads: [8], options: { time: 0, events: 100 } }),
      ).ok,
      true,
    );
  });

  test('a JSON syntax error says its line and column and carries the offset the squiggle goes to', () => {
    const text = '{\n  "name": "x",\n  "threads": [1,]\n}';
    const parsed = parseDocumentDefinition(text);
    assert.equal(parsed.ok, false);
    const problem = parsed.ok ? undefined : parsed.problems[0];
    assert.equal(
      problem?.message,
      "Not valid JSON at line 3, column 17: expected another value after the comma (a trailing comma is not JSON), found ']'.",
    );
    assert.equal(text[problem?.offset ?? 0], ']');
    const missingComma = parseDocumentDefinition('{\n  "name": "x"\n  "threads": [1]\n}');
    assert.match(
      missingComma.ok ? '' : missingComma.message,
      /^Not valid JSON at line 3, column 3: expected ',' or '}' after a value, found '"'/,
    );
  });

  test('a bulk-load table layout TiDB would refuse is found while typing, with the key to underline', () => {
    const text = JSON.stringify({
      kind: 'bulk-load',
      name: 'layouts',
      rows: 1000,
      rowsPerInsert: [100],
      writerThreads: [2],
      tableLayouts: [{ name: 'shard', primaryKey: 'nonclustered', shardRowIdBits: 2, preSplitRegions: 4 }],
      secondaryIndex: [false, true],
    });
    const parsed = parseDocumentDefinition(text);
    assert.equal(parsed.ok, false);
    if (parsed.ok) return;
    assert.match(parsed.message, /"tableLayouts\[0\]\.preSplitRegions" is 4; TiDB wants PRE_SPLIT_REGIONS at most SHARD_ROW_ID_BITS \(2\)/);
    assert.equal(problemKey(parsed.message), 'preSplitRegions');
    const fixed = parseDocumentDefinition(text.replace('"preSplitRegions":4', '"preSplitRegions":2'));
    assert.ok(fixed.ok && fixed.definition.kind === 'bulk-load' && fixed.definition.secondaryIndex?.length === 2);
  });

  test('the diagnostic underlines the key the message names', () => {
    assert.equal(problemKey('"options.tabel_size" is not a sysbench option.'), 'tabel_size');
    assert.equal(problemKey('"workloads[0]": unknown workload \'tpcc\'.'), 'workloads');
    assert.equal(problemKey('"variants[1].ready.kind" must be cache-hit, tiflash-replica, sql or sleep.'), 'kind');
    assert.equal(problemKey('The experiment file is not valid JSON: Unexpected end of JSON input'), undefined);
  });
});
