// The CLI's raw numbers under the study tables when cells were repeated: medians, each side's
// min–max over its runs, and the change marked when it is within that spread.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { variantChangeTable } from '../../../src/core/results/variantComparison';
import { variantChangeText } from '../../../src/core/results/variantChangeText';
import { sampleExperiment } from './support/sampleResults';

test('repeated cells: the medians with the min–max of their runs, and ~ on a change within the spread', () => {
  const experiment = sampleExperiment([
    { workload: 'oltp_point_select', threads: 8, variant: 'normal', qps: 1000, p95: 1 },
    { workload: 'oltp_point_select', threads: 8, variant: 'normal', qps: 1200, p95: 1 },
    { workload: 'oltp_point_select', threads: 8, variant: 'cached', qps: 1100, p95: 1 },
    { workload: 'oltp_point_select', threads: 8, variant: 'cached', qps: 1150, p95: 1 },
  ]);
  assert.equal(
    variantChangeText(variantChangeTable(experiment, { metric: 'qps' })),
    [
      '',
      'Raw numbers, QPS (queries/s), medians of the repeated runs:',
      'workload           threads  normal queries/s  normal min–max (runs)  cached queries/s  cached min–max (runs)    change',
      'oltp_point_select        8           1100.00    1000.00–1200.00 (2)           1125.00    1100.00–1150.00 (2)  +2.27% ~',
      '',
    ].join('\n'),
  );
});
