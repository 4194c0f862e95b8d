// `tidb-lab plan FILE|- [--json]`: reads an EXPLAIN / EXPLAIN ANALYZE plan in any form
// the plan core understands and prints the tree with its findings, or the JSON model.
import { readFile } from 'node:fs/promises';
import { analyzePlan, parsePlanText, planToJson, renderPlanReport, summarizePlan } from '../core/plan';

const USAGE = `Usage: tidb-lab plan FILE|- [--json]
  FILE     a file holding EXPLAIN or EXPLAIN ANALYZE output (mysql client table, markdown,
           tab-separated, \\G, tidb_decode_plan, FORMAT='tidb_json' or 'dot', TiDB Dashboard's
           visual plan JSON); - reads stdin
  --json   print {format, roots, findings, warnings} instead of the text report`;

export interface PlanCommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readStdin: () => Promise<string>;
}

const processIo: PlanCommandIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    return Buffer.concat(chunks).toString('utf8');
  },
};

export async function runPlanCommand(argv: string[], io: PlanCommandIo = processIo): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  const json = argv.includes('--json');
  const unknown = argv.filter((arg) => arg.startsWith('--') && arg !== '--json');
  const inputs = argv.filter((arg) => arg === '-' || !arg.startsWith('-'));
  if (unknown.length > 0 || inputs.length !== 1) {
    io.stderr(`tidb-lab plan: ${unknown.length > 0 ? `unknown option '${unknown[0]}'` : 'give one FILE, or - for stdin'}\n${USAGE}\n`);
    return 1;
  }
  const [input] = inputs;
  let text: string;
  try {
    text = input === '-' ? await io.readStdin() : await readFile(input, 'utf8');
  } catch (error) {
    io.stderr(`tidb-lab plan: cannot read '${input}': ${describeReadError(error)}\n`);
    return 1;
  }
  if (text.includes('\u0000')) {
    io.stderr(`tidb-lab plan: '${input}' is not a text file; give the EXPLAIN output as text.\n`);
    return 1;
  }
  const plan = parsePlanText(text);
  if (plan.roots.length === 0) {
    const reasons = plan.warnings.length > 0 ? `: ${plan.warnings.join(' ')}` : '';
    io.stderr(`tidb-lab plan: no plan operators found in '${input}'${reasons}\n`);
    return 1;
  }
  const analysis = analyzePlan(plan);
  const summary = summarizePlan(plan, analysis);
  io.stdout(json ? `${JSON.stringify(planToJson(plan, analysis, summary), null, 2)}\n` : renderPlanReport(plan, analysis, summary));
  return 0;
}

function describeReadError(error: unknown): string {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'EACCES') return 'permission denied';
  return error instanceof Error ? error.message : String(error);
}
