// Each operation's rate in a report interval (go-tpc's [Current] numbers: count over the seconds the
// interval took), failures left out, as ResultInterval.operations keeps them; and the same rates
// put onto a run's stored intervals, which the engines report one by one in the same order.
import type { ResultInterval } from '../results/benchmarkResult';
import type { OperationNumbers } from './rawsql/rawsqlMeasurement';

export function operationRates(operations: readonly OperationNumbers[]): Record<string, number> {
  const rates: Record<string, number> = {};
  for (const o of operations) if (!o.name.endsWith('_ERR')) rates[o.name] = o.takesSec > 0 ? o.count / o.takesSec : 0;
  return rates;
}

/** The intervals with the rates reported for them (the n-th report for the n-th interval); an interval already carrying rates keeps them. */
export function withOperationRates(intervals: readonly ResultInterval[], reported: readonly Record<string, number>[]): ResultInterval[] {
  return intervals.map((interval, index) =>
    interval.operations !== undefined || reported[index] === undefined ? interval : { ...interval, operations: reported[index] },
  );
}
