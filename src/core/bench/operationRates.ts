// Each operation's rate in a report interval (go-tpc's [Current] numbers: count over the seconds the
// interval took), failures left out, as ResultInterval.operations keeps them.
import type { OperationNumbers } from './rawsql/rawsqlMeasurement';

export function operationRates(operations: readonly OperationNumbers[]): Record<string, number> {
  const rates: Record<string, number> = {};
  for (const o of operations) if (!o.name.endsWith('_ERR')) rates[o.name] = o.takesSec > 0 ? o.count / o.takesSec : 0;
  return rates;
}
