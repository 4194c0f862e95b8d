// `tidb-lab bench tpcc [options] prepare|run|check|cleanup`, with go-tpc's option names:
// --warehouses, --threads (-T), --time and --interval as Go durations, --count, --ignore-error,
// --isolation, --weight, --parts, --partition-type, --use-fk, --use-clustered-index, --no-check,
// --dropdata, --retry-count, --retry-interval, --check-all; the connection as the other workloads
// take it (--mysql-host=... ; MYSQL_PWD), the database `tpcc` unless --mysql-db says otherwise;
// run's --engine=auto|builtin|go-tpc and --go-tpc=PATH (goTpcEngine/goTpcEngineChoice.ts).
import { OptionError } from '../benchOptions';
import { durationSeconds, parseGoTpcArguments, wholeNumber, type GoTpcArguments } from '../gotpc/goTpcArguments';
import { DEFAULT_WEIGHTS } from './tpccMix';
import { GO_TPC_ENGINE_SETTINGS, isGoTpcEngineSetting, type GoTpcEngineSetting } from '../goTpcEngine/goTpcEngineChoice';
import { ISOLATION_LEVELS } from './tpccConnection';
import type { PartitionType } from './tpccSchema';

export const TPCC_ACTIONS = ['prepare', 'run', 'check', 'cleanup'] as const;
export type TpccAction = (typeof TPCC_ACTIONS)[number];

export const DEFAULT_TPCC_DATABASE = 'tpcc';

export interface TpccArguments extends GoTpcArguments {
  action: TpccAction;
  warehouses: number;
  isolation: number;
  weights: number[];
  parts: number;
  partitionType: PartitionType;
  useFk: boolean;
  useClusteredIndex: boolean;
  noCheck: boolean;
  dropData: boolean;
  retryCount: number;
  retryIntervalSec: number;
  checkAll: boolean;
  /** run's engine: TiDB Lab's own or the installed go-tpc */
  engine: GoTpcEngineSetting;
  /** --go-tpc: where go-tpc is (default: go-tpc on PATH) */
  goTpcPath?: string;
}

export function parseTpccArguments(argv: readonly string[]): TpccArguments {
  const own = {
    warehouses: 10,
    isolation: 0,
    weights: [...DEFAULT_WEIGHTS],
    parts: 1,
    partitionType: 1 as PartitionType,
    useFk: false,
    useClusteredIndex: true,
    noCheck: false,
    dropData: false,
    retryCount: 50,
    retryIntervalSec: 10,
    checkAll: false,
    engine: 'auto' as GoTpcEngineSetting,
    goTpcPath: undefined as string | undefined,
  };
  const { options, positionals } = parseGoTpcArguments(argv, 'tpcc', ({ name, value, flag }) => {
    switch (name) {
      case 'warehouses':
        own.warehouses = wholeNumber('warehouses', value(), 1);
        return true;
      case 'isolation': {
        const level = wholeNumber('isolation', value(), 0);
        if (level !== 0 && ISOLATION_LEVELS[level] === undefined)
          throw new OptionError(
            `Invalid value for --isolation: ${level} (0 the server's default, 1 READ UNCOMMITTED, 2 READ COMMITTED, 4 REPEATABLE READ, 6 SERIALIZABLE: the levels go-tpc's MySQL driver can set)`,
          );
        own.isolation = level;
        return true;
      }
      case 'weight':
        own.weights = value()
          .split(',')
          .map((part) => wholeNumber('weight', part.trim(), 0));
        return true;
      case 'parts':
        own.parts = wholeNumber('parts', value(), 1);
        return true;
      case 'partition-type': {
        const type = wholeNumber('partition-type', value(), 1);
        if (type > 4) throw new OptionError(`Unknown partition type ${type} (1 HASH, 2 RANGE, 3 LIST like HASH, 4 LIST like RANGE)`);
        own.partitionType = type as PartitionType;
        return true;
      }
      case 'use-fk':
        own.useFk = flag();
        return true;
      case 'use-clustered-index':
        own.useClusteredIndex = flag();
        return true;
      case 'no-check':
        own.noCheck = flag();
        return true;
      case 'dropdata':
        own.dropData = flag();
        return true;
      case 'retry-count':
        own.retryCount = wholeNumber('retry-count', value(), 0);
        return true;
      case 'retry-interval':
        own.retryIntervalSec = durationSeconds('retry-interval', value());
        return true;
      case 'check-all':
        own.checkAll = flag();
        return true;
      case 'engine':
        own.engine = engineSetting(value());
        return true;
      case 'go-tpc':
        own.goTpcPath = value();
        return true;
      case 'wait':
        if (flag())
          throw new OptionError(
            "--wait (the spec's keying and think times) is not supported: TiDB Lab runs TPC-C as go-tpc does by default, without them",
          );
        return true;
      default:
        return false;
    }
  });
  const parsed: TpccArguments = { ...options, ...own, action: 'run' };
  if (positionals[0] !== 'tpcc') throw new OptionError('expected: tidb-lab bench tpcc --warehouses=N [options] prepare|run|check|cleanup');
  const action = positionals[1];
  if (action === undefined) throw new OptionError('tpcc needs a command: prepare, run, check or cleanup');
  if (!(TPCC_ACTIONS as readonly string[]).includes(action))
    throw new OptionError(`Unknown command for tpcc: ${action} (prepare, run, check, cleanup)`);
  if (positionals.length > 2) throw new OptionError(`Unrecognized command line argument: ${positionals[2]}`);
  parsed.action = action as TpccAction;
  if (parsed.engine === 'go-tpc' && parsed.action !== 'run')
    throw new OptionError(`--engine=go-tpc drives go-tpc's run only; ${parsed.action} is TiDB Lab's own (leave --engine out)`);
  if (parsed.weights.length !== 5) throw new OptionError(`Should specify exact 5 weights: ${parsed.weights.join(',')}`);
  if (parsed.weights.reduce((sum, weight) => sum + weight, 0) !== 100)
    throw new OptionError(`The sum of weight should be 100: ${parsed.weights.join(',')}`);
  if (!parsed.connection.has('mysql-db')) parsed.connection.set('mysql-db', DEFAULT_TPCC_DATABASE);
  return parsed;
}

/** --engine's value for tpcc and ch. */
export function engineSetting(value: string): GoTpcEngineSetting {
  if (!isGoTpcEngineSetting(value))
    throw new OptionError(`Invalid value for --engine: '${value}' (${GO_TPC_ENGINE_SETTINGS.join(', ')}; auto is the built-in engine)`);
  return value;
}
