// The "% change" heatmap's colour scale: green better, red worse, stronger with the size of the
// change on a log scale, neutral in the noise band, never so strong the text becomes unreadable.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compareRuns } from '../../../src/core/results/runComparison';
import {
  changeText,
  DEFAULT_HEAT_SCALE,
  heatMixPercent,
  heatOf,
  heatOfCell,
  heatOfComparedRun,
} from '../../../webview/benchmarkResults/heatmapScale';
import { sampleRun } from '../results/support/sampleResults';

describe('heatmap colour scale', () => {
  test('the sign decides the colour: positive improvement is better (green), negative is worse (red)', () => {
    assert.equal(heatOf(7).tone, 'better');
    assert.equal(heatOf(-12).tone, 'worse');
    assert.equal(heatOf(0.5).tone, 'neutral');
    assert.equal(heatOf(-0.9).tone, 'neutral');
    assert.equal(heatOf(null).tone, 'missing');
    assert.equal(heatOf(Number.NaN).tone, 'missing');
  });

  test('strength grows with the size of the change and saturates', () => {
    const studyValues = [7, 12, 72, 630];
    const strengths = studyValues.map((value) => heatOf(value).strength);
    for (let index = 1; index < strengths.length; index++)
      assert.ok(strengths[index] > strengths[index - 1], `${studyValues[index]}% is stronger than ${studyValues[index - 1]}%`);
    assert.equal(heatOf(630).strength, 1);
    assert.equal(heatOf(-DEFAULT_HEAT_SCALE.saturatePct).strength, 1);
    assert.equal(heatOf(12).strength, heatOf(-12).strength, 'better and worse of the same size are equally strong');
  });

  test('a log scale keeps small study changes visible (a linear one would leave +7% nearly blank)', () => {
    assert.ok(heatOf(7).strength > 0.3, `+7% strength ${heatOf(7).strength}`);
    assert.ok(heatOf(7).strength < 0.5);
  });

  test('the colour mix stays between a faint tint and half strength, so the cell text stays readable', () => {
    assert.equal(heatMixPercent(heatOf(null)), 0);
    assert.equal(heatMixPercent(heatOf(0.2)), 0);
    assert.ok(heatMixPercent(heatOf(1.5)) >= 12);
    assert.equal(heatMixPercent(heatOf(1000)), 50);
  });

  test('cells say the change with its sign, so colour is never the only cue', () => {
    assert.equal(changeText(7.04, 'en'), '+7%');
    assert.equal(changeText(-12.46, 'en'), '−12.5%');
    assert.equal(changeText(630.2, 'en'), '+630%');
    assert.equal(changeText(0.01, 'en'), '0%');
    assert.equal(changeText(null, 'en'), '–');
  });

  test('a change within the spread of repeated runs is greyed as noise, however large, and never coloured', () => {
    assert.deepEqual(heatOfCell(45, true), { tone: 'noise', strength: 0 });
    assert.deepEqual(heatOfCell(-300, true), { tone: 'noise', strength: 0 });
    assert.equal(heatMixPercent(heatOfCell(45, true)), 0);
    assert.equal(heatOfCell(45, false).tone, 'better');
    assert.equal(heatOfCell(null, true).tone, 'missing');
  });

  test('compared single runs: +6% or -5% may be noise (grey), +25% is better, -25% worse; for p95 lower is better', () => {
    const runs = [1000, 1060, 950, 1250, 750].map((tps, index) => sampleRun({ id: `r${index}` }, { tps }));
    const [tps] = compareRuns(runs, ['tps']).metrics;
    assert.deepEqual(
      runs.map((_, index) => heatOfComparedRun(tps, index).tone),
      ['neutral', 'noise', 'noise', 'better', 'worse'],
    );
    assert.equal(heatMixPercent(heatOfComparedRun(tps, 1)), 0, 'no green for a change that may be noise');
    const latency = (p95: number) => ({ min: 0.1, avg: 0.5, max: 9, p50: 0.4, p90: 0.9, p95, p99: 2, p999: 5 });
    const [p95] = compareRuns(
      [sampleRun({ id: 'x' }, { latencyMs: latency(1) }), sampleRun({ id: 'y' }, { latencyMs: latency(0.5) })],
      ['p95'],
    ).metrics;
    assert.equal(heatOfComparedRun(p95, 1).tone, 'better', 'p95 halved is far beyond the noise');
  });
});
