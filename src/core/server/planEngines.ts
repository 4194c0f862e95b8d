// Which engines a statement's plan ran on, from the task column of the plan text TiDB keeps for it:
// root is TiDB; cop[tikv] is TiKV; cop[tiflash] / batchCop[tiflash] / mpp[tiflash] are TiFlash.
// Point_Get and Batch_Point_Get are root operators that read TiKV by key themselves, so they count
// as TiKV too. The PLAN column of the statement summary comes from TiDB's older plan encoding,
// which stores only root-or-cop and the store (util/plancodec/codec.go, decodeTaskType): there every
// TiFlash task reads as cop[tiflash] even when it ran as batchCop or MPP, so a plan read from that
// column names TiFlash without the task kind; the binary plan keeps the real task. TiFlash tasks
// that hold ExchangeSender/ExchangeReceiver are MPP whatever the task column says (TiDB before v5.x
// printed MPP plans as cop[tiflash]: pingcap/docs explain-mpp.md).
import { parsePlanText } from '../plan/planTextParser';
import { isTaskValue } from '../plan/planTask';
import { walkPlan } from '../plan/planWalk';

export type StatementEngine = 'TiDB' | 'TiKV' | 'TiFlash' | 'TiFlash (cop)' | 'TiFlash (batchCop)' | 'TiFlash (MPP)';

/** Where a plan text came from: the binary plan keeps TiFlash task kinds, the PLAN column does not. */
export type StatementPlanSource = 'binary_plan' | 'plan';

const ENGINE_ORDER: readonly StatementEngine[] = ['TiDB', 'TiKV', 'TiFlash', 'TiFlash (cop)', 'TiFlash (batchCop)', 'TiFlash (MPP)'];

const EXCHANGES = new Set(['ExchangeSender', 'ExchangeReceiver']);

const KEY_READERS = new Set(['Point_Get', 'PointGet', 'Batch_Point_Get', 'BatchPointGet']);

/** The engines a plan names, in a fixed order (TiDB, TiKV, then TiFlash); empty when no plan could be read. */
export function enginesOfPlan(planText: string, source: StatementPlanSource = 'binary_plan'): StatementEngine[] {
  if (planText.trim() === '') return [];
  const found = new Set<StatementEngine>();
  const plan = parsePlanText(statementPlanText(planText));
  let exchange = false;
  walkPlan(plan.roots, (node) => {
    if (KEY_READERS.has(node.operator)) found.add('TiKV');
    if (node.engine === 'TiDB') found.add('TiDB');
    else if (node.engine === 'TiKV') found.add('TiKV');
    else if (node.engine === 'TiFlash') {
      found.add(tiflashEngine(node.taskKind, source));
      if (EXCHANGES.has(node.operator)) exchange = true;
    }
  });
  if (exchange) {
    for (const engine of ['TiFlash', 'TiFlash (cop)', 'TiFlash (batchCop)'] as const) found.delete(engine);
    found.add('TiFlash (MPP)');
  }
  return ENGINE_ORDER.filter((engine) => found.has(engine));
}

const DECODED_PLAN_COLUMNS = ['id', 'task', 'estRows', 'operator info', 'actRows', 'execution info', 'memory', 'disk'];

/**
 * A PLAN column value with the header TiDB's decoder writes (plancodec.addPlanHeader); older TiDB
 * versions left it out (docs statement-summary-tables.md: "PLAN:  Point_Get_1  root  1  table:employee, handle:3100"),
 * and a plan table without its header cannot be read.
 */
export function statementPlanText(plan: string): string {
  const lines = plan.split('\n').filter((line) => line.trim() !== '');
  const first = lines[0];
  if (first === undefined || !first.includes('\t')) return plan;
  const fields = first
    .replace(/^\t/, '')
    .split('\t')
    .map((field) => field.trim());
  if (fields[0] === 'id' || !isTaskValue(fields[1] ?? '')) return plan;
  const header = DECODED_PLAN_COLUMNS.slice(0, Math.min(fields.length, DECODED_PLAN_COLUMNS.length));
  return `\t${header.join('\t')}\n${lines.join('\n')}`;
}

function tiflashEngine(taskKind: string | null, source: StatementPlanSource): StatementEngine {
  if (source === 'plan') return 'TiFlash';
  switch (taskKind) {
    case 'batchCop':
      return 'TiFlash (batchCop)';
    case 'mpp':
      return 'TiFlash (MPP)';
    case 'cop':
      return 'TiFlash (cop)';
    default:
      return 'TiFlash';
  }
}

/** Engines in the order every list of them uses (TiDB, TiKV, then TiFlash). */
export function orderEngines(engines: Iterable<string>): StatementEngine[] {
  const present = new Set(engines);
  return ENGINE_ORDER.filter((engine) => present.has(engine));
}

/** True when the statement read anything from TiFlash. */
export function usesTiFlash(engines: readonly StatementEngine[]): boolean {
  return engines.some((engine) => engine.startsWith('TiFlash'));
}
