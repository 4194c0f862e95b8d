// "Explain Statement" / "Explain Analyze Statement": the statement of a CodeLens, under the
// cursor or in the selection, on the active connection. EXPLAIN ANALYZE of a statement that
// changes data asks first and offers a transaction that is rolled back.
import * as vscode from 'vscode';
import type { DatabaseSession } from '../../core/db/databaseSession';
import { errorSummary } from '../../core/db/databaseSession';
import { serverDisplayName } from '../../core/db/serverFlavor';
import { stripLeadingComments } from '../../core/sql/statementSplitter';
import { confirmChange, statementVerb } from './changeConfirmation';
import type { PlanOrigin, PlanViewSource } from '../../protocol/planView';
import type { ConnectionManager } from '../connections/connectionManager';
import type { EditorSessions } from '../statementRun/editorSessions';
import type { ExtensionLog } from '../log/extensionLog';
import { COMMANDS } from '../commandIds';
import { cancelledRunSummary, ExplainCancelled } from './explainCancelled';
import { runExplain, type ExplainResult } from './explainRunner';
import {
  explainRequest,
  explainTargets,
  targetAt,
  type ExplainMode,
  type ExplainPlanRequest,
  type ExplainTarget,
} from './explainStatements';
import { foreignPlanGist } from './foreignPlanGist';
import { planCommandResult, type PlanCommandResult } from './planCommandResult';
import type { PlanViewPanels } from './planViewPanels';
import type { StatementPlanResults } from './statementPlanResults';

export interface ExplainCommandDependencies {
  connections: ConnectionManager;
  panels: PlanViewPanels;
  results: StatementPlanResults;
  log: ExtensionLog;
  /** each editor's SQL session: what EXPLAIN runs on */
  sessions: EditorSessions;
}

const TITLE_STATEMENT_CHARS = 48;

export async function explainCommand(
  deps: ExplainCommandDependencies,
  mode: ExplainMode,
  uri?: unknown,
  start?: unknown,
): Promise<PlanCommandResult | undefined> {
  const t = vscode.l10n.t;
  const located = await locateStatement(uri, start);
  if (!located) {
    void vscode.window.showInformationMessage(t('Open a SQL file and put the cursor in a statement (or select one) to explain it.'));
    return undefined;
  }
  return explainTarget(deps, mode, located.document, located.target);
}

/** Explains one statement of a document (a CodeLens, the cursor, or a results grid's plan link). */
export async function explainTarget(
  deps: ExplainCommandDependencies,
  mode: ExplainMode,
  document: vscode.TextDocument,
  target: ExplainTarget,
): Promise<PlanCommandResult | undefined> {
  const t = vscode.l10n.t;
  if (target.kind === 'other') {
    void vscode.window.showInformationMessage(
      t('EXPLAIN takes SELECT, INSERT, UPDATE, DELETE and REPLACE statements; “{0}” is not one.', shortStatement(target.text)),
    );
    return undefined;
  }
  const session = await deps.sessions.connectionFor(document);
  if (!session) return undefined;
  const request = explainRequest(target, mode, session.identity.flavor);
  const rollBack = request.changesData ? await askHowToRunDml(target, session) : false;
  if (rollBack === undefined) return undefined;

  const result = await runWithProgress(deps, session, request, rollBack, document);
  if (!result) return undefined;

  const heading = request.executes ? t('Explain Analyze') : t('Explain');
  const origin: PlanOrigin = {
    title: `${heading}: ${shortStatement(target.text)}`,
    heading,
    statement: target.text,
    connection: `${session.profile.name} · ${serverDisplayName(session.identity)}`,
    ranAt: new Date().toISOString(),
    rolledBack: result.rolledBack || undefined,
  };
  const source: PlanViewSource =
    session.identity.flavor === 'tidb'
      ? { kind: 'plan', plan: { origin, input: { kind: 'rows', columns: result.columns, rows: result.rows } } }
      : { kind: 'foreign', origin, serverName: serverDisplayName(session.identity), columns: result.columns, rows: result.rows };
  const built = deps.panels.build(source);
  if (built.kind === 'plan' && built.plan.parsed.roots.length === 0) {
    void vscode.window.showWarningMessage(
      t('{0} returned no plan TiDB Lab can read: {1}', request.sql.split(/\s/)[0], built.plan.parsed.warnings.join(' ')),
    );
    return undefined;
  }
  const planKey = `${document.uri.toString()}#${target.text}`;
  const record = deps.panels.show(source, built, { key: planKey, beside: true });
  const gist = built.kind === 'plan' ? built.plan.summary : foreignPlanGist(t, serverDisplayName(session.identity), result.rows.length);
  deps.results.set(document, target, { planKey, source, gist, plan: built.kind === 'plan' ? built.plan.view : null });
  deps.log.info(`${request.sql.slice(0, 40).replace(/\s+/g, ' ')}… on ${session.profile.name}: ${gist}`);
  return planCommandResult(record.document, record.panel.panel.title);
}

export async function locateStatement(
  uri: unknown,
  start: unknown,
): Promise<{ document: vscode.TextDocument; target: ExplainTarget } | undefined> {
  if (uri instanceof vscode.Uri && typeof start === 'number') {
    const document = await vscode.workspace.openTextDocument(uri);
    const text = document.getText();
    const target = explainTargets(text).find((candidate) => candidate.start === start) ?? targetAt(text, start, start);
    return target ? { document, target } : undefined;
  }
  const editor = vscode.window.activeTextEditor;
  if (!editor) return undefined;
  const document = editor.document;
  const target = targetAt(document.getText(), document.offsetAt(editor.selection.start), document.offsetAt(editor.selection.end));
  return target ? { document, target } : undefined;
}

/** true: in a transaction that is rolled back; false: keep the changes; undefined: cancelled. */
async function askHowToRunDml(target: ExplainTarget, session: DatabaseSession): Promise<boolean | undefined> {
  const t = vscode.l10n.t;
  const choice = await confirmChange({
    question: t(
      'EXPLAIN ANALYZE runs the statement: this {0} really changes data on {1}.',
      statementVerb(target.text),
      session.profile.name,
    ),
    statement: target.text,
    offerRollBack: true,
    runLabel: t('Run and Keep Changes'),
    rollBackNote: t(
      'Run it in a transaction that is rolled back to see its plan and timings without keeping the changes (locks are held until it ends).',
    ),
  });
  return choice === undefined ? undefined : choice === 'rollBack';
}

async function runWithProgress(
  deps: ExplainCommandDependencies,
  session: DatabaseSession,
  request: ExplainPlanRequest,
  rollBack: boolean,
  document: vscode.TextDocument,
): Promise<ExplainResult | undefined> {
  const t = vscode.l10n.t;
  const verb = request.sql
    .split(/\s+/)
    .slice(0, request.executes && !/^ANALYZE/i.test(request.sql) ? 2 : 1)
    .join(' ')
    .toUpperCase();
  const title = t('{0} on {1}…', verb, session.profile.name);
  try {
    return await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title, cancellable: true },
      async (_progress, token) => {
        const cancellation = new AbortController();
        const cancelled = token.onCancellationRequested(() => cancellation.abort());
        try {
          return await runExplain(deps.sessions.targetFor(document, session), request, rollBack, { signal: cancellation.signal });
        } finally {
          cancelled.dispose();
        }
      },
    );
  } catch (error) {
    if (error instanceof ExplainCancelled) {
      const line = `${verb} on ${session.profile.name}: cancelled; ${cancelledRunSummary(error.run, rollBack)}.`;
      if (error.run.statement === 'abandoned') {
        deps.log.warn(line);
        // The one outcome the user must hear of: the statement may still be running on the server.
        const showLog = t('Show Log');
        void vscode.window
          .showWarningMessage(
            t(
              '{0} was cancelled, but {1} may still be running the statement: KILL QUERY did not stop it in time, so TiDB Lab closed its connection.',
              verb,
              session.profile.name,
            ),
            showLog,
          )
          .then((choice) => {
            if (choice === showLog) void vscode.commands.executeCommand(COMMANDS.showLog);
          });
      } else {
        deps.log.info(line);
        vscode.window.setStatusBarMessage(t('{0} cancelled.', verb), 5000);
      }
      return undefined;
    }
    const summary = errorSummary(error);
    const code = summary.errno !== undefined ? ` (${summary.code ?? 'error'} ${summary.errno})` : '';
    void vscode.window.showErrorMessage(t('{0} failed on {1}{2}: {3}', verb, session.profile.name, code, summary.message));
    return undefined;
  }
}

export function shortStatement(text: string, length = TITLE_STATEMENT_CHARS): string {
  const oneLine = stripLeadingComments(text).replace(/\s+/g, ' ').trim();
  return oneLine.length > length ? `${oneLine.slice(0, length - 1)}…` : oneLine;
}
