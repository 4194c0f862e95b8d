// "Run Statement": the statement of a CodeLens, under the cursor or in the selection, on the
// active connection (the only one, without asking, when there is one), in the editor's SQL session
// (editorSessions.ts), so USE, SET, variables and transactions carry over to its next statement. Reads run at once; DML,
// DDL and anything else is shown first (DML can run in a transaction that is rolled back). The
// rows, the outcome or the server's error open in a results grid beside the editor.
import * as vscode from 'vscode';
import { errorSummary } from '../../core/db/databaseSession';
import { serverDisplayName } from '../../core/db/serverFlavor';
import { redactServerError } from '../../core/sql/redactSqlSecrets';
import { answersOf, type StatementRunError, type StatementRunResult } from '../../core/sql/resultModel';
import { runKind, runNeedsConfirmation, type RunKind } from '../../core/sql/runKind';
import { DEFAULT_ROW_LIMIT, runStatement, StatementRunCancelled } from '../../core/sql/statementRun';
import type { ResultGridContent } from '../../protocol/resultGrid';
import type { ConnectionManager } from '../connections/connectionManager';
import type { ExtensionLog } from '../log/extensionLog';
import type { QueryHistoryStore } from '../sqlAssist/queryHistoryStore';
import { confirmChange, statementVerb } from '../plans/changeConfirmation';
import { locateStatement, shortStatement } from '../plans/explainCommand';
import type { ExplainTarget } from '../plans/explainStatements';
import type { EditorSessions } from './editorSessions';
import type { ResultGridPanels } from './resultGridPanels';
import { RUN_SETTINGS } from './runIds';

export interface RunStatementDependencies {
  connections: ConnectionManager;
  /** each editor's SQL session: what the statement runs on */
  sessions: EditorSessions;
  panels: ResultGridPanels;
  log: ExtensionLog;
  /** Query History: each run is recorded there (redacted) */
  history?: Pick<QueryHistoryStore, 'record'>;
  /** EXPLAIN of the statement in the plan view (the grid's Show Plan, on TiDB) */
  explain: (document: vscode.TextDocument, target: ExplainTarget) => Promise<unknown>;
}

/** What the command returns, for scripts and tests. */
export interface RunStatementResult {
  title: string;
  ok: boolean;
  rows?: number;
  totalRows?: number;
  affectedRows?: number;
  warnings: number;
  rolledBack: boolean;
  error?: StatementRunError;
  /** result sets the statement returned (a CALL can return several), all shown */
  resultSets?: number;
}

export const MAX_ROW_LIMIT = 100_000;

export async function runStatementCommand(
  deps: RunStatementDependencies,
  uri?: unknown,
  start?: unknown,
): Promise<RunStatementResult | undefined> {
  const t = vscode.l10n.t;
  const located = await locateStatement(uri, start);
  if (!located) {
    void vscode.window.showInformationMessage(t('Open a SQL file and put the cursor in a statement (or select one) to run it.'));
    return undefined;
  }
  const { document, target } = located;
  const session = await deps.sessions.connectionFor(document);
  if (!session) return undefined;
  const kind = runKind(target.text);
  let rollBack = false;
  if (runNeedsConfirmation(kind)) {
    const choice = await confirmRun(kind, target.text, session.profile.name);
    if (choice === undefined) return undefined;
    rollBack = choice === 'rollBack';
  }
  const rowLimit = configuredRowLimit();
  const ranAt = new Date().toISOString();
  const verb = statementVerb(target.text);
  let run: ResultGridContent['run'];
  try {
    const result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: t('Running {0} on {1}…', verb, session.profile.name), cancellable: true },
      async (_progress, token) => {
        const cancellation = new AbortController();
        const cancelled = token.onCancellationRequested(() => cancellation.abort());
        try {
          return await runStatement(deps.sessions.targetFor(document, session), target.text, {
            rowLimit,
            inRolledBackTransaction: rollBack,
            signal: cancellation.signal,
          });
        } finally {
          cancelled.dispose();
        }
      },
    );
    run = { ok: true, result };
    deps.log.info(`Ran ${verb} on ${session.profile.name}: ${logSummary(result)}`);
  } catch (error) {
    if (error instanceof StatementRunCancelled) {
      vscode.window.setStatusBarMessage(t('{0} cancelled.', verb), 5000);
      return undefined;
    }
    run = { ok: false, error: statementRunError(error, target.text) };
    const summary = run.error;
    deps.log.warn(`${verb} on ${session.profile.name} failed (${summary.code ?? 'error'} ${summary.errno ?? ''}).`);
  }
  const database = deps.sessions.stateOf(document.uri.toString())?.database ?? session.profile.database ?? null;
  deps.history?.record({ statement: target.text, profile: session.profile, database, ranAt, run });
  const title = t('Results: {0}', shortStatement(target.text));
  deps.panels.show(
    {
      statement: target.text,
      connection: `${session.profile.name} · ${serverDisplayName(session.identity)}`,
      ranAt,
      run,
      planLink: session.identity.flavor === 'tidb',
      rowLimitSetting: RUN_SETTINGS.rowLimit,
    },
    {
      key: `${document.uri.toString()}#${target.text}`,
      title,
      documentUri: document.uri.toString(),
      showPlan: () => void deps.explain(document, target),
    },
  );
  return commandResult(title, run);
}

function confirmRun(kind: RunKind, statement: string, connection: string): Promise<'rollBack' | 'run' | undefined> {
  const t = vscode.l10n.t;
  const verb = statementVerb(statement);
  switch (kind) {
    case 'dml':
      return confirmChange({
        question: t('Run this {0} on {1}? It changes data.', verb, connection),
        statement,
        offerRollBack: true,
        runLabel: t('Run and Keep Changes'),
        rollBackNote: t(
          'Run it in a transaction that is rolled back to see the affected rows and warnings without keeping the changes (locks are held until it ends).',
        ),
      });
    case 'ddl':
      return confirmChange({
        question: t('Run this {0} on {1}? It changes the schema and cannot be rolled back.', verb, connection),
        statement,
        offerRollBack: false,
        runLabel: t('Run'),
      });
    default:
      return confirmChange({
        question: t('Run this {0} on {1}? TiDB Lab runs only reads without asking.', verb, connection),
        statement,
        offerRollBack: false,
        runLabel: t('Run'),
      });
  }
}

/** The server's error as the grid shows it: its code, SQLSTATE and message, secrets of the statement redacted. */
export function statementRunError(error: unknown, statement: string): StatementRunError {
  const summary = errorSummary(error);
  const sqlState = (error as { sqlState?: unknown } | undefined)?.sqlState;
  return {
    ...summary,
    message: redactServerError(summary.message, statement),
    sqlState: typeof sqlState === 'string' ? sqlState : undefined,
  };
}

export function configuredRowLimit(): number {
  const value = vscode.workspace.getConfiguration().get<number>(RUN_SETTINGS.rowLimit, DEFAULT_ROW_LIMIT);
  return Number.isFinite(value) ? Math.min(MAX_ROW_LIMIT, Math.max(1, Math.floor(value))) : DEFAULT_ROW_LIMIT;
}

export function logSummary(result: StatementRunResult): string {
  const answer = result.answer;
  const more = result.moreAnswers?.length ? ` (and ${result.moreAnswers.length} more result sets)` : '';
  const what =
    answer.kind === 'rows'
      ? `${answer.rows.length} of ${answer.totalKnown ? '' : 'more than '}${answer.totalRows} rows`
      : `${answer.affectedRows} rows affected`;
  return `${what}${more}, ${result.warnings.length} warnings, ${Math.round(result.elapsedMs)} ms${result.rolledBack ? ', rolled back' : ''}`;
}

export function commandResult(title: string, run: ResultGridContent['run']): RunStatementResult {
  if (!run.ok) return { title, ok: false, warnings: 0, rolledBack: false, error: run.error };
  const { answer, warnings, rolledBack } = run.result;
  const resultSets = answersOf(run.result).length;
  return answer.kind === 'rows'
    ? { title, ok: true, rows: answer.rows.length, totalRows: answer.totalRows, warnings: warnings.length, rolledBack, resultSets }
    : { title, ok: true, affectedRows: answer.affectedRows, warnings: warnings.length, rolledBack, resultSets };
}
