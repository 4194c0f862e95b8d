// Query plans in VS Code: the plan view and results grid tabs (restored after a reload), CodeLenses and commands
// to run (results grid) or EXPLAIN the statement at hand, the gist, hover and diagnostics after a run, and plans
// pasted from anywhere. Registration only: the work happens when a command runs.
import * as vscode from 'vscode';
import type { TidbLabApi } from '../api';
import { compareCommand, type CompareRequest } from './compareCommand';
import { ExplainCodeLensProvider } from './explainCodeLensProvider';
import { explainCommand, explainTarget } from './explainCommand';
import { EditorSessions } from '../statementRun/editorSessions';
import { ResultGridPanels } from '../statementRun/resultGridPanels';
import { RESULT_GRID_VIEW_TYPE, RUN_COMMANDS } from '../statementRun/runIds';
import { runStatementsCommand, selectionHasStatements } from '../statementRun/runStatementsCommand';
import { runStatementCommand } from '../statementRun/runStatementCommand';
import { planCommandResult } from './planCommandResult';
import { PLAN_COMMANDS, PLAN_VIEW_TYPE, SQL_DOCUMENTS } from './planIds';
import { PlanViewPanels } from './planViewPanels';
import { StatementPlanResults } from './statementPlanResults';
import { visualizeFromClipboard, visualizeFromSelection } from './visualizeCommands';

export function registerPlanFeature(context: vscode.ExtensionContext, api: TidbLabApi): PlanViewPanels {
  const panels = new PlanViewPanels(context.extensionUri, context.storageUri ?? context.globalStorageUri, api.log);
  const results = new StatementPlanResults();
  const codeLenses = new ExplainCodeLensProvider();
  const sessions = new EditorSessions(api.connections, api.log, context.workspaceState, (id) => api.store.get(id)?.profile.name);
  api.editorSessions = sessions;
  const explainDeps = { connections: api.connections, panels, results, log: api.log, sessions };
  const grids = new ResultGridPanels(context.extensionUri, context.storageUri ?? context.globalStorageUri, api.log);
  const runDeps = {
    connections: api.connections,
    sessions,
    panels: grids,
    log: api.log,
    history: api.queryHistory,
    explain: (document: vscode.TextDocument, target: Parameters<typeof explainTarget>[3]) =>
      explainTarget(explainDeps, 'explain', document, target),
  };
  context.subscriptions.push(
    sessions,
    panels,
    grids,
    vscode.commands.registerCommand(RUN_COMMANDS.runStatement, (uri?: unknown, start?: unknown) =>
      // the keyboard or the palette with a selection of several statements: all of them, in order
      uri === undefined && selectionHasStatements(vscode.window.activeTextEditor)
        ? runStatementsCommand(runDeps, 'selection')
        : runStatementCommand(runDeps, uri, start),
    ),
    vscode.commands.registerCommand(RUN_COMMANDS.resetSqlSession, async () => {
      const reset = await sessions.resetShown();
      if (!reset)
        void vscode.window.showInformationMessage(
          vscode.l10n.t('This editor has no SQL session to reset: one opens at its first statement.'),
        );
      return reset;
    }),
    vscode.commands.registerCommand(RUN_COMMANDS.changeEditorConnection, () => sessions.changeShown()),
    vscode.commands.registerCommand(RUN_COMMANDS.runFile, (uri?: unknown) => runStatementsCommand(runDeps, 'file', uri)),
    results,
    codeLenses,
    vscode.window.registerWebviewPanelSerializer(PLAN_VIEW_TYPE, panels.serializer()),
    vscode.window.registerWebviewPanelSerializer(RESULT_GRID_VIEW_TYPE, grids.serializer()),
    vscode.languages.registerCodeLensProvider(SQL_DOCUMENTS, codeLenses),
    vscode.languages.registerHoverProvider(SQL_DOCUMENTS, results),
    vscode.commands.registerCommand(PLAN_COMMANDS.explainStatement, (uri?: unknown, start?: unknown) =>
      explainCommand(explainDeps, 'explain', uri, start),
    ),
    vscode.commands.registerCommand(PLAN_COMMANDS.explainAnalyzeStatement, (uri?: unknown, start?: unknown) =>
      explainCommand(explainDeps, 'analyze', uri, start),
    ),
    vscode.commands.registerCommand(PLAN_COMMANDS.visualizePlanFromClipboard, () => visualizeFromClipboard(panels)),
    vscode.commands.registerCommand(PLAN_COMMANDS.visualizePlanFromSelection, (target?: unknown) => visualizeFromSelection(panels, target)),
    vscode.commands.registerCommand(PLAN_COMMANDS.comparePlans, (request?: CompareRequest) =>
      compareCommand(panels, isCompareRequest(request) ? request : {}),
    ),
    vscode.commands.registerCommand(PLAN_COMMANDS.showStatementPlan, (planKey?: unknown) => {
      if (typeof planKey !== 'string') return undefined;
      const open = panels.find(planKey);
      if (open) {
        panels.reveal(open);
        return planCommandResult(open.document, open.panel.panel.title);
      }
      const result = results.findByKey(planKey);
      if (!result) return undefined;
      const record = panels.show(result.source, panels.build(result.source), { key: planKey });
      return planCommandResult(record.document, record.panel.panel.title);
    }),
  );
  return panels;
}

function isCompareRequest(value: unknown): value is CompareRequest {
  return typeof value === 'object' && value !== null;
}
