// Experiment documents in the editor: which JSON documents get the Run Experiment CodeLens, the
// engine's validation message for a broken one, and the key the diagnostic underlines.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { EXPERIMENT_PRESETS, presetDocument } from '../../../src/core/bench/experimentPresets';
import { looksLikeExperimentText, parseDocumentDefinition, problemKey } from '../../../src/extension/benchmarks/experimentDefinitionText';

describe('experiment documents', () => {
  test('preset documents, *.experiment.json files and JSON shaped like a definition are experiments; other JSON is not', () => {
    for (const preset of EXPERIMENT_PRESETS) assert.equal(looksLikeExperimentText('json', 'Untitled-1', presetDocument(preset)), true, preset.id);
    assert.equal(looksLikeExperimentText('json', '/w/cached.experiment.json', '{'), true, 'by name, even while it is broken');
    assert.equal(looksLikeExperimentText('jsonc', '/w/a.json', '{ "workloads": ["oltp_point_select"], "threads": [8] }'), true);
    assert.equal(looksLikeExperimentText('json', '/w/package.json', '{ "name": "x", "scripts": {} }'), false);
    assert.equal(looksLikeExperimentText('sql', '/w/a.experiment.json', '{}'), false, 'only JSON documents');
  });

  test('a valid document gives the definition; a broken one the engine\'s sentence', () => {
    const parsed = parseDocumentDefinition('{ "name": "sweep", "workloads": ["oltp_point_select"], "threads": [8, 16] }');
    assert.ok(parsed.ok);
    assert.equal(parsed.definition.kind, 'sysbench');
    assert.deepEqual(parseDocumentDefinition('{ "name": "x", "workloads": ["tpcc"], "threads": [8] }'), { ok: false, message: '"workloads[0]": unknown workload \'tpcc\'.' });
    const notJson = parseDocumentDefinition('{ "name": ');
    assert.equal(notJson.ok, false);
    assert.match((notJson as { message: string }).message, /not valid JSON/);
    const badOption = parseDocumentDefinition('{ "name": "x", "workloads": ["oltp_point_select"], "threads": [8], "options": { "tabel_size": 5 } }');
    assert.deepEqual(badOption, { ok: false, message: '"options.tabel_size" is not a sysbench option.' });
  });

  test('the diagnostic underlines the key the message names', () => {
    assert.equal(problemKey('"options.tabel_size" is not a sysbench option.'), 'tabel_size');
    assert.equal(problemKey('"workloads[0]": unknown workload \'tpcc\'.'), 'workloads');
    assert.equal(problemKey('"variants[1].ready.kind" must be cache-hit, tiflash-replica, sql or sleep.'), 'kind');
    assert.equal(problemKey('The experiment file is not valid JSON: Unexpected end of JSON input'), undefined);
  });
});
