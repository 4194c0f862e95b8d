// One variant of an experiment, as every kind runs it: set-up, readiness, cells (failed ones
// recorded with the set-up's error), tear-down whatever happened, a failed tear-down as a note.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { SqlExecutor } from '../../../src/core/db/sqlExecutor';
import type { VariantDefinition } from '../../../src/core/bench/experiments/experimentModel';
import { readinessVerdict, runVariant, type VariantRun } from '../../../src/core/bench/experiments/experimentVariantRun';

/** Records every statement; a statement that starts with FAIL throws. */
function recordingExecutor(onRun: (sql: string) => void = () => undefined): SqlExecutor & { statements: string[] } {
  const statements: string[] = [];
  return {
    statements,
    query: () => Promise.resolve([]),
    run: (sql) => {
      statements.push(sql);
      onRun(sql);
      if (sql.startsWith('FAIL')) return Promise.reject(new Error(`no: ${sql}`));
      return Promise.resolve({ affectedRows: 0 });
    },
  };
}

interface Seen {
  events: string[];
  notes: string[];
}

function variantRun(variant: VariantDefinition, seen: Seen, signal?: AbortSignal): VariantRun<string> {
  return {
    variant,
    cells: ['a', 'b'],
    schema: 'db',
    tables: ['t1'],
    sizeText: '2 warehouses',
    signal,
    log: () => undefined,
    notes: seen.notes,
    onCellStart: (cell) => seen.events.push(`start ${cell}`),
    fail: (cell, reason) => seen.events.push(`fail ${cell}: ${reason}`),
    run: (cell, readiness) => {
      seen.events.push(`run ${cell} ${readinessVerdict(variant, readiness)}`);
      return Promise.resolve();
    },
  };
}

describe('runVariant', () => {
  test('sets the variant up, runs each cell with the readiness verdict, then tears it down', async () => {
    const admin = recordingExecutor();
    const seen: Seen = { events: [], notes: [] };
    await runVariant(admin, variantRun({ name: 'v', setup: ['SET UP {table}'], teardown: ['TEAR DOWN'] }, seen));
    assert.deepEqual(admin.statements, ['SET UP `t1`', 'TEAR DOWN']);
    assert.deepEqual(seen.events, ['start a', 'run a none', 'start b', 'run b none']);
    assert.deepEqual(seen.notes, []);
  });

  test('a failed set-up records every cell as failed with its error, and the tear-down still runs', async () => {
    const admin = recordingExecutor();
    const seen: Seen = { events: [], notes: [] };
    await runVariant(admin, variantRun({ name: 'v', setup: ['FAIL SETUP'], teardown: ['TEAR DOWN'] }, seen));
    const reason = "The set-up of variant 'v' failed: no: FAIL SETUP";
    assert.deepEqual(seen.events, ['start a', `fail a: ${reason}`, 'start b', `fail b: ${reason}`]);
    assert.deepEqual(admin.statements, ['FAIL SETUP', 'TEAR DOWN']);
  });

  test('a failed tear-down is a note, not a failed cell', async () => {
    const seen: Seen = { events: [], notes: [] };
    await runVariant(recordingExecutor(), variantRun({ name: 'v', teardown: ['FAIL TEARDOWN'] }, seen));
    assert.deepEqual(seen.events, ['start a', 'run a none', 'start b', 'run b none']);
    assert.deepEqual(seen.notes, ["The tear-down of variant 'v' at 2 warehouses failed: no: FAIL TEARDOWN"]);
  });

  test('cancelled during the set-up: no cell starts, none is recorded failed, the tear-down runs', async () => {
    const controller = new AbortController();
    const admin = recordingExecutor((sql) => {
      if (sql === 'FAIL SETUP') controller.abort();
    });
    const seen: Seen = { events: [], notes: [] };
    await runVariant(admin, variantRun({ name: 'v', setup: ['FAIL SETUP'], teardown: ['TEAR DOWN'] }, seen, controller.signal));
    assert.deepEqual(seen.events, []);
    assert.deepEqual(admin.statements, ['FAIL SETUP', 'TEAR DOWN']);
  });

  test('cancelled during a cell: the next cell does not start', async () => {
    const controller = new AbortController();
    const seen: Seen = { events: [], notes: [] };
    const run = variantRun({ name: 'v', teardown: ['TEAR DOWN'] }, seen, controller.signal);
    const admin = recordingExecutor();
    await runVariant(admin, {
      ...run,
      run: (cell) => {
        seen.events.push(`run ${cell}`);
        controller.abort();
        return Promise.resolve();
      },
    });
    assert.deepEqual(seen.events, ['start a', 'run a']);
    assert.deepEqual(admin.statements, ['TEAR DOWN']);
  });

  test('the verdict: verified after a passed check, none without one, not verified after a failed one', () => {
    const checked: VariantDefinition = { name: 'c', ready: { kind: 'sleep', seconds: 0 } };
    assert.equal(readinessVerdict(checked, { ready: true, detail: '' }), 'verified');
    assert.equal(readinessVerdict({ name: 'n' }, { ready: true, detail: '' }), 'none');
    assert.equal(readinessVerdict(checked, { ready: false, detail: '' }), 'not verified');
  });
});
