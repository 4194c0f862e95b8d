// tidb-lab: the command-line face of the core. `tidb-lab bench ...` reads like sysbench;
// `tidb-lab plan FILE|-` summarises an EXPLAIN ANALYZE plan; `tidb-lab statements` lists the
// server's top statements.
import { runBenchCommand } from './benchCommand';
import { runPlanCommand } from './planCommand';
import { runStatementsCommand } from './statementsCommand';
import { TOOL_VERSION } from '../core/toolVersion';

const USAGE = `Usage:
  tidb-lab bench [options] <workload> <prepare|run|cleanup>
  tidb-lab bench experiment FILE.json [options]
  tidb-lab bench import LOG [--json]
  tidb-lab bench presets | tidb-lab bench preset NAME
  tidb-lab plan FILE|- [--json]
  tidb-lab statements --mysql-* [--json] [--order=total|avg|count] [--limit=N] [--db=NAME] [--window=MIN]
  tidb-lab --help | --version`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'bench':
      return runBenchCommand(rest);
    case 'plan':
      return runPlanCommand(rest);
    case 'statements':
      return runStatementsCommand(rest);
    case '--version':
    case '-v':
      process.stdout.write(`tidb-lab ${TOOL_VERSION}\n`);
      return 0;
    case undefined:
    case '--help':
    case '-h':
    case 'help':
      process.stdout.write(`${USAGE}\n`);
      return command === undefined ? 1 : 0;
    default:
      process.stderr.write(`tidb-lab: unknown command '${command}'\n${USAGE}\n`);
      return 1;
  }
}

// A closed terminal (SIGHUP) or a reader that went away (`| head`) makes writes fail with EIO or
// EPIPE. Unhandled, that error would end the process before a stopped run has killed its
// statements and written --out; the output is lost either way, so the work goes on without it.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE' && error.code !== 'EIO') throw error;
  });
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`tidb-lab: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
