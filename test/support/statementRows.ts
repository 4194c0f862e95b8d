// A statement-statistics row for unit tests of the server views: every field filled with a neutral
// value (no executions, no plan, no instance or window), the test naming only what it is about.
import type { StatementStatisticsRow } from '../../src/core/server/statementStatistics';

export function statementRow(fields: Partial<StatementStatisticsRow>): StatementStatisticsRow {
  return {
    digest: 'd1',
    digestText: 'select `c` from `sbtest1` where `id` between ? and ?',
    schemaName: 'sbtest',
    planDigest: 'p1',
    instance: null,
    windowBegin: null,
    windowEnd: null,
    fromHistory: false,
    execCount: 0,
    sumLatencyMs: 0,
    avgLatencyMs: 0,
    maxLatencyMs: 0,
    minLatencyMs: null,
    sumErrors: 0,
    copTasks: null,
    avgProcessedKeys: null,
    maxProcessedKeys: null,
    rowsExamined: null,
    rowsSent: null,
    plan: null,
    binaryPlan: null,
    sampleText: null,
    firstSeen: null,
    lastSeen: null,
    ...fields,
  };
}
