import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  csvField,
  experimentCellsToCsv,
  experimentToCsv,
  intervalsToCsv,
  runSummariesToCsv,
  studyTablesToCsv,
  toCsv,
  variantChangeTableToCsv,
} from '../../../src/core/results/exportCsv';
import { studyTables } from '../../../src/core/results/studyTables';
import { variantChangeTable } from '../../../src/core/results/variantComparison';
import { sampleExperiment, sampleRun } from './support/sampleResults';

/** A strict RFC 4180 reader for the tests: CRLF records, quoted fields with doubled quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') field += text[++i];
      else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += char;
  }
  assert.equal(field + row.join(''), '', 'the text ends with CRLF');
  return rows;
}

describe('CSV export', () => {
  test('fields are quoted only when they hold a comma, a quote or a line break', () => {
    assert.equal(csvField('plain'), 'plain');
    assert.equal(csvField('a,b'), '"a,b"');
    assert.equal(csvField('say "hi"'), '"say ""hi"""');
    assert.equal(csvField('two\nlines'), '"two\nlines"');
    assert.equal(csvField('cr\rhere'), '"cr\rhere"');
    assert.equal(csvField(null), '');
    assert.equal(csvField(undefined), '');
    assert.equal(csvField(0.1 + 0.2), '0.30000000000000004', 'full precision');
    assert.equal(csvField(false), 'false');
  });

  test('records end with CRLF and tricky text survives a round trip', () => {
    const names = ['normal', 'with, comma', 'with "quotes"', 'multi\nline', 'SUM=1', ' spaced '];
    const csv = toCsv(
      ['name', 'n'],
      names.map((name, i) => [name, i]),
    );
    assert.ok(csv.endsWith('\r\n'));
    assert.deepEqual(parseCsv(csv), [['name', 'n'], ...names.map((name, i) => [name, String(i)])]);
  });

  test('text a spreadsheet would run as a formula gets a leading quote; numbers stay numbers', () => {
    assert.equal(csvField('=SUM(A1:A9)'), "'=SUM(A1:A9)");
    assert.equal(csvField('+1'), "'+1");
    assert.equal(csvField('-3.5'), "'-3.5", 'text that looks like a number is still text');
    assert.equal(csvField('@cmd'), "'@cmd");
    assert.equal(csvField('\tx'), "'\tx");
    assert.equal(csvField('\rx'), '"\'\rx"');
    assert.equal(csvField('=HYPERLINK("http://x","y")'), '"\'=HYPERLINK(""http://x"",""y"")"', 'the quote goes inside the usual quoting');
    assert.equal(csvField(-3.5), '-3.5');
    assert.equal(csvField(-0.25), '-0.25');
    assert.equal(csvField('a=b'), 'a=b', 'only the first character counts');
    const experiment = sampleExperiment([
      { workload: '=cmd|" /C calc"!A0', threads: 8, variant: '@evil', qps: 100, p95: 2, params: { '+key': '-value', n: -1 } },
    ]);
    const rows = parseCsv(experimentCellsToCsv(experiment));
    assert.deepEqual(rows[0].slice(0, 6), ['variant', 'workload', 'threads', 'table_size', "'+key", 'n']);
    assert.deepEqual(rows[1].slice(0, 6), ["'@evil", '\'=cmd|" /C calc"!A0', '8', '', "'-value", '-1']);
  });

  test('intervals of one run: one row per report interval, empty where a percentile is unknown', () => {
    const rows = parseCsv(intervalsToCsv(sampleRun()));
    assert.deepEqual(rows[0], [
      't_s',
      'threads',
      'tps',
      'qps',
      'reads_per_s',
      'writes_per_s',
      'others_per_s',
      'errors_per_s',
      'reconnects_per_s',
      'latency_min_ms',
      'latency_avg_ms',
      'latency_max_ms',
      'latency_p50_ms',
      'latency_p90_ms',
      'latency_p95_ms',
      'latency_p99_ms',
      'latency_p999_ms',
    ]);
    assert.deepEqual(rows.slice(1), [
      ['1', '8', '1000', '1000', '1000', '0', '0', '0', '0', '', '0.8', '', '', '', '1.5', '2.5', ''],
      ['2', '8', '1100', '1100', '1100', '0', '0', '1', '0', '', '', '', '', '', '1.4', '', ''],
    ]);
  });

  test('measured numbers are rounded to what they mean: rates to 0.01/s, latencies to 1 µs, times to 1 ms', () => {
    const run = sampleRun(
      {
        durationSec: 60.000123456,
        intervals: [
          {
            t: 1.0004999,
            threads: 8,
            tps: 1049.9999999998,
            qps: 20999.123456,
            reads: 1.005,
            writes: 0,
            others: 0,
            errors: 0.333333333,
            reconnects: 0,
            latencyMs: { p95: 1.23456789, avg: 0.1 + 0.2 },
          },
        ],
      },
      {
        tps: 1049.9999999998,
        latencyMs: { min: 0.2, avg: 0.812345678, max: 12, p50: 0.7, p90: 1.2, p95: 1.4500001, p99: 2.4, p999: 8 },
        rowsPerSec: 12345.6789,
        mbPerSec: 2.345678,
      },
    );
    const rows = parseCsv(intervalsToCsv(run));
    const value = (name: string) => rows[1][rows[0].indexOf(name)];
    assert.equal(value('t_s'), '1');
    assert.equal(value('tps'), '1050');
    assert.equal(value('qps'), '20999.12');
    assert.equal(value('errors_per_s'), '0.33');
    assert.equal(value('latency_p95_ms'), '1.235');
    assert.equal(value('latency_avg_ms'), '0.3');
    const summary = parseCsv(runSummariesToCsv([run]));
    const field = (name: string) => summary[1][summary[0].indexOf(name)];
    assert.equal(field('duration_s'), '60');
    assert.equal(field('tps'), '1050');
    assert.equal(field('latency_avg_ms'), '0.812');
    assert.equal(field('latency_p95_ms'), '1.45');
    assert.equal(field('rows_per_s'), '12345.7');
    assert.equal(field('mb_per_s'), '2.35');
    assert.equal(field('events'), '2100', 'counts are whole numbers as they are');
  });

  test('the summary row gives the codes of the ignored errors', () => {
    const rows = parseCsv(runSummariesToCsv([sampleRun({}, { errors: 12, errorCodes: { 1213: 10, 2013: 2 } }), sampleRun()]));
    assert.deepEqual(
      rows.slice(1).map((row) => row[rows[0].indexOf('error_codes')]),
      ['1213:10 2013:2', ''],
    );
  });

  test('summaries of many runs: one row per run', () => {
    const runs = [sampleRun({ id: 'a', name: 'first, with comma' }), sampleRun({ id: 'b', name: undefined, status: 'failed' }, { tps: 7 })];
    const rows = parseCsv(runSummariesToCsv(runs));
    const header = rows[0];
    assert.equal(rows.length, 3);
    const column = (name: string): string[] => rows.slice(1).map((row) => row[header.indexOf(name)]);
    assert.deepEqual(column('id'), ['a', 'b']);
    assert.deepEqual(column('name'), ['first, with comma', '']);
    assert.deepEqual(column('status'), ['completed', 'failed']);
    assert.deepEqual(column('tps'), ['1050', '7']);
    assert.deepEqual(column('latency_p999_ms'), ['8', '8']);
    assert.deepEqual(column('threads'), ['8', '8']);
  });

  test('experiment cells: matrix position and params as columns, then the summary', () => {
    const experiment = sampleExperiment([
      { workload: 'oltp_read_write', threads: 8, variant: 'normal', qps: 100, p95: 2, tableSize: 5000, params: { point_selects: 10 } },
      { workload: 'oltp_point_select', threads: 16, variant: 'cached', qps: 200, p95: 1 },
    ]);
    const rows = parseCsv(experimentCellsToCsv(experiment));
    assert.deepEqual(rows[0].slice(0, 6), ['variant', 'workload', 'threads', 'table_size', 'point_selects', 'status']);
    assert.deepEqual(rows[1].slice(0, 5), ['normal', 'oltp_read_write', '8', '5000', '10']);
    assert.deepEqual(rows[2].slice(0, 5), ['cached', 'oltp_point_select', '16', '', '']);
    assert.equal(rows[1][rows[0].indexOf('qps')], '100');
  });

  test('the % change table names the variants and the direction in its header', () => {
    const experiment = sampleExperiment([
      { workload: 'w', threads: 8, variant: 'normal', qps: 100, p95: 2 },
      { workload: 'w', threads: 8, variant: 'cached', qps: 150, p95: 1 },
    ]);
    const rows = parseCsv(variantChangeTableToCsv(variantChangeTable(experiment, { metric: 'p95' })));
    assert.deepEqual(rows, [
      [
        'workload',
        'table_size',
        'threads',
        'p95_ms (normal)',
        'runs (normal)',
        'min (normal)',
        'max (normal)',
        'p95_ms (cached)',
        'runs (cached)',
        'min (cached)',
        'max (cached)',
        'change_pct',
        'improvement_pct (lower is better)',
      ],
      ['w', '', '8', '2', '1', '2', '2', '1', '1', '1', '1', '-50', '50'],
    ]);
  });
});

describe('study-shaped CSV', () => {
  // two read workloads and oltp_read_write with two point_selects values, 8 and 16 threads, cells of 8 threads run twice
  const specs = [
    ...['normal', 'cached'].flatMap((variant) =>
      [8, 16].flatMap((threads) => [
        { workload: 'oltp_point_select', threads, variant, qps: variant === 'normal' ? 1000 : 7127.3, p95: 2 },
        { workload: 'select_random_points', threads, variant, qps: variant === 'normal' ? 2000 : 1284.6, p95: 3 },
        ...[10, 40].map((point_selects) => ({
          workload: 'oltp_read_write',
          threads,
          variant,
          params: { point_selects },
          qps: variant === 'normal' ? 100 : 100 + point_selects,
          p95: 9,
        })),
      ]),
    ),
    { workload: 'oltp_point_select', threads: 8, variant: 'normal', qps: 1100, p95: 2 },
    { workload: 'oltp_point_select', threads: 8, variant: 'cached', qps: 7000, p95: 2 },
  ];
  const experiment = sampleExperiment(specs);

  test('one block per study table: its title, threads down, workloads or option values across, the % cut to two decimals', () => {
    const rows = parseCsv(studyTablesToCsv(studyTables(experiment, { metric: 'qps', baseline: 'normal', candidate: 'cached' })));
    assert.deepEqual(rows, [
      ['% change of QPS, cached over normal: oltp_point_select, select_random_points'],
      ['threads/request type', 'oltp_point_select', 'select_random_points'],
      // 8 threads: medians 1050 and 7063.65 (two runs each): +572.72%
      ['8', '572.72', '-35.77'],
      ['16', '612.73', '-35.77'],
      [''],
      ['% change of QPS, cached over normal: oltp_read_write, --point_selects'],
      ['threads/--point_selects', '10', '40'],
      ['8', '10', '40'],
      ['16', '10', '40'],
    ]);
  });

  test("the experiment export starts with the study tables (QPS, p95) and the raw numbers with each side's runs and min–max, then every cell", () => {
    const rows = parseCsv(experimentToCsv(experiment));
    const titles = rows.filter((row) => row.length === 1 && row[0] !== '').map((row) => row[0]);
    assert.deepEqual(titles, [
      '% change of QPS, cached over normal: oltp_point_select, select_random_points',
      '% change of QPS, cached over normal: oltp_read_write, --point_selects',
      '% change of p95 latency, cached over normal: oltp_point_select, select_random_points',
      '% change of p95 latency, cached over normal: oltp_read_write, --point_selects',
      // equal p95 on both sides of a repeated cell: within the spread, said under the tables
      'notes',
      '~ within the spread of the repeated runs: not an effect',
      'Raw numbers: QPS, cached over normal',
      'Cells',
    ]);
    const raw = rows.findIndex((row) => row[0] === 'Raw numbers: QPS, cached over normal');
    assert.deepEqual(rows[raw + 1].slice(3, 11), [
      'qps_queries/s (normal)',
      'runs (normal)',
      'min (normal)',
      'max (normal)',
      'qps_queries/s (cached)',
      'runs (cached)',
      'min (cached)',
      'max (cached)',
    ]);
    assert.deepEqual(rows[raw + 2].slice(0, 11), [
      'oltp_point_select',
      '',
      '8',
      '1050',
      '2',
      '1000',
      '1100',
      '7063.65',
      '2',
      '7000',
      '7127.3',
    ]);
    const cells = rows.findIndex((row) => row[0] === 'Cells');
    assert.equal(rows[cells + 1][0], 'variant');
    assert.equal(rows.length - cells - 2, specs.length, 'one line per cell');
  });

  test('a bulk-load or one-variant experiment exports its cells only', () => {
    const single = sampleExperiment([{ workload: 'w', threads: 8, variant: 'normal', qps: 1, p95: 1 }], ['normal']);
    assert.equal(experimentToCsv(single), experimentCellsToCsv(single));
  });
});
