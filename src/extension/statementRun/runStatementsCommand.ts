// Run Selection and Run File: every statement of the selection (Run Statement with a selection
// of several statements) or of the SQL file (Run File, Ctrl+Shift+Enter), in order, on the
// editor's SQL session, every result set of each one after another in one results tab. A
// statement that fails stops the rest, saying which one (tidbLab.sql.onError "stop"), or the
// others go on ("continue"). Statements that are not reads are confirmed once, all together.
import * as vscode from 'vscode';
import { serverDisplayName } from '../../core/db/serverFlavor';
import type { StatementRunError } from '../../core/sql/resultModel';
import { runKind, runNeedsConfirmation } from '../../core/sql/runKind';
import { firstLineOf, ON_ERROR_VALUES, runStatementBatch, type OnStatementError } from '../../core/sql/statementBatch';
import { runStatement, StatementRunCancelled } from '../../core/sql/statementRun';
import type { ResultGridContent, ResultGridStatementRun } from '../../protocol/resultGrid';
import { confirmChange } from '../plans/changeConfirmation';
import { explainTargets, targetsIn, type ExplainTarget } from '../plans/explainStatements';
import { RUN_SETTINGS } from './runIds';
import {
  commandResult,
  configuredRowLimit,
  logSummary,
  statementRunError,
  type RunStatementDependencies,
  type RunStatementResult,
} from './runStatementCommand';

export type RunScope = 'selection' | 'file';

/** What the command returns, for scripts and tests. */
export interface RunStatementsResult {
  title: string;
  /** each statement that ran, in order */
  statements: RunStatementResult[];
  /** statements not run (after a failure with "stop", or a cancel) */
  notRun: number;
  /** the number (from 1) of the first statement that failed */
  failed?: number;
  cancelled: boolean;
}

/** The active editor's selection holds more than one statement: Run Statement runs them all. */
export function selectionHasStatements(editor: vscode.TextEditor | undefined): boolean {
  if (!editor || editor.selection.isEmpty) return false;
  const document = editor.document;
  return targetsIn(document.getText(), document.offsetAt(editor.selection.start), document.offsetAt(editor.selection.end)).length > 1;
}

export async function runStatementsCommand(
  deps: RunStatementDependencies,
  scope: RunScope,
  uri?: unknown,
): Promise<RunStatementsResult | undefined> {
  const t = vscode.l10n.t;
  const editor = vscode.window.activeTextEditor;
  const document = uri instanceof vscode.Uri ? await vscode.workspace.openTextDocument(uri) : editor?.document;
  if (!document) {
    void vscode.window.showInformationMessage(t('Open a SQL file to run its statements.'));
    return undefined;
  }
  const text = document.getText();
  const targets =
    scope === 'file' || !editor || editor.document !== document
      ? explainTargets(text)
      : targetsIn(text, document.offsetAt(editor.selection.start), document.offsetAt(editor.selection.end));
  if (targets.length === 0) {
    void vscode.window.showInformationMessage(
      scope === 'file'
        ? t('{0} has no statement to run.', vscode.workspace.asRelativePath(document.uri))
        : t('The selection has no statement to run.'),
    );
    return undefined;
  }
  const session = await deps.sessions.connectionFor(document);
  if (!session) return undefined;
  if (!(await confirmStatements(targets, session.profile.name))) return undefined;
  const onError = configuredOnError();
  const rowLimit = configuredRowLimit();
  const batch = await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: t('Running {0} statements on {1}…', targets.length, session.profile.name),
      cancellable: true,
    },
    async (progress, token) => {
      const cancellation = new AbortController();
      const cancelled = token.onCancellationRequested(() => cancellation.abort());
      try {
        return await runStatementBatch(
          targets,
          (target, index) => {
            progress.report({ message: t('statement {0} of {1}', index + 1, targets.length) });
            return runStatement(deps.sessions.targetFor(document, session), target.text, { rowLimit, signal: cancellation.signal });
          },
          { onError, isCancellation: (error) => error instanceof StatementRunCancelled, signal: cancellation.signal },
        );
      } finally {
        cancelled.dispose();
      }
    },
  );
  const name = vscode.workspace.asRelativePath(document.uri);
  const entries: ResultGridStatementRun[] = batch.runs.map((run) => ({
    statement: run.statement.text,
    ranAt: run.ranAt,
    run: run.outcome.ok
      ? { ok: true, result: run.outcome.result }
      : { ok: false, error: statementRunError(run.outcome.error, run.statement.text) },
  }));
  for (const [index, entry] of entries.entries())
    deps.log.info(
      `Statement ${index + 1} of ${targets.length} of ${name} on ${session.profile.name}: ${entry.run.ok ? logSummary(entry.run.result) : `failed (${entry.run.error.code ?? 'error'} ${entry.run.error.errno ?? ''})`}`,
    );
  const [first, ...more] = entries;
  if (!first) {
    vscode.window.setStatusBarMessage(t('Run cancelled: no statement ran.'), 5000);
    return { title: '', statements: [], notRun: batch.notRun, cancelled: true };
  }
  const failure = batch.firstFailure;
  const failedError = failure ? (entries[failure.index].run as { error: StatementRunError }).error : undefined;
  const notRunNote =
    batch.notRun === 0
      ? undefined
      : batch.cancelled
        ? t('Cancelled: the last {0} of {1} statements did not run.', batch.notRun, targets.length)
        : t(
            'Statement {0} failed and the statements after it ({1}) did not run (the setting {2} is "stop").',
            (failure?.index ?? 0) + 1,
            batch.notRun,
            RUN_SETTINGS.onError,
          );
  const title = scope === 'file' ? t('Results: {0}', name) : t('Results: {0} statements', targets.length);
  const content: ResultGridContent = {
    ...first,
    connection: `${session.profile.name} · ${serverDisplayName(session.identity)}`,
    ...(more.length > 0 ? { more } : {}),
    batch: scope,
    ...(notRunNote ? { notRun: { count: batch.notRun, note: notRunNote } } : {}),
    planLink: session.identity.flavor === 'tidb',
    rowLimitSetting: RUN_SETTINGS.rowLimit,
  };
  deps.panels.show(content, {
    key: `${document.uri.toString()}#${scope}`,
    title,
    documentUri: document.uri.toString(),
    showPlan: () => void deps.explain(document, targets[0]),
  });
  if (failure && failedError) {
    const which = firstLineOf(failure.statement.text);
    if (onError === 'stop')
      void vscode.window.showErrorMessage(
        batch.notRun > 0
          ? t(
              'Statement {0} of {1} failed: “{2}”; the statements after it ({3}) did not run. {4}',
              failure.index + 1,
              targets.length,
              which,
              batch.notRun,
              failedError.message,
            )
          : t('Statement {0} of {1} failed: “{2}”: {3}', failure.index + 1, targets.length, which, failedError.message),
      );
    else
      void vscode.window.showWarningMessage(
        t(
          '{0} of {1} statements failed; the first is statement {2}: “{3}”: {4}',
          batch.failures,
          targets.length,
          failure.index + 1,
          which,
          failedError.message,
        ),
      );
  }
  return {
    title,
    statements: entries.map((entry) => commandResult(title, entry.run)),
    notRun: batch.notRun,
    ...(failure ? { failed: failure.index + 1 } : {}),
    cancelled: batch.cancelled,
  };
}

/** One question for all statements that are not reads; true: run them all. */
async function confirmStatements(targets: readonly ExplainTarget[], connection: string): Promise<boolean> {
  const t = vscode.l10n.t;
  const asked = targets.filter((target) => runNeedsConfirmation(runKind(target.text)));
  if (asked.length === 0) return true;
  const choice = await confirmChange({
    question: t(
      'Run these {0} statements on {1}? {2} of them are not reads (the first: “{3}”), and TiDB Lab runs only reads without asking.',
      targets.length,
      connection,
      asked.length,
      firstLineOf(asked[0].text),
    ),
    statement: asked.map((target) => target.text).join(';\n'),
    offerRollBack: false,
    runLabel: t('Run All'),
  });
  return choice === 'run';
}

function configuredOnError(): OnStatementError {
  const value = vscode.workspace.getConfiguration().get<string>(RUN_SETTINGS.onError, 'stop');
  return (ON_ERROR_VALUES as readonly string[]).includes(value) ? (value as OnStatementError) : 'stop';
}
