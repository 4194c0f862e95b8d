// `tidb-lab bench rawsql [options] run`, with go-tpc's names: --query-files=a.sql,b.sql, --threads
// (-T), --time and --interval as Go durations (10s, 2m; a bare number is seconds), --count,
// --ignore-error; the connection as the other workloads take it (--mysql-host=... ; MYSQL_PWD).
import { OptionError } from '../benchOptions';
import { parseGoTpcArguments, type GoTpcArguments } from '../gotpc/goTpcArguments';

export interface RawsqlArguments extends GoTpcArguments {
  queryFiles: string[];
}

export function parseRawsqlArguments(argv: readonly string[]): RawsqlArguments {
  let queryFiles: string[] = [];
  const { options, positionals } = parseGoTpcArguments(argv, 'rawsql', ({ name, value }) => {
    if (name !== 'query-files') return false;
    queryFiles = value()
      .split(',')
      .map((file) => file.trim())
      .filter((file) => file !== '');
    return true;
  });
  const parsed: RawsqlArguments = { ...options, queryFiles };
  if (positionals[0] !== 'rawsql') throw new OptionError('expected: tidb-lab bench rawsql --query-files=a.sql[,b.sql] [options] run');
  if (positionals[1] !== 'run')
    throw new OptionError(
      positionals[1] === undefined
        ? "rawsql needs the command 'run' (it has no prepare, check or cleanup: the queries run on the data that is there)"
        : `Unknown command for rawsql: ${positionals[1]} (run)`,
    );
  if (positionals.length > 2) throw new OptionError(`Unrecognized command line argument: ${positionals[2]}`);
  if (parsed.queryFiles.length === 0) throw new OptionError('empty query files: give --query-files=a.sql[,b.sql,...]');
  return parsed;
}
