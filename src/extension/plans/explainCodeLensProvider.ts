// "Run" above each statement, and "Explain" and "Explain Analyze" above each one EXPLAIN takes
// (SELECT and DML), with statement boundaries from the splitter (strings, comments, backticks and
// DELIMITER respected; the comments above a statement are not part of it).
import * as vscode from 'vscode';
import { RUN_COMMANDS, runStatementKeyLabel } from '../statementRun/runIds';
import { explainTargets } from './explainStatements';
import { isExplainable } from '../../core/sql/statementKind';
import { PLAN_COMMANDS, PLAN_SETTINGS } from './planIds';

export class ExplainCodeLensProvider implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly configurationListener = vscode.workspace.onDidChangeConfiguration((event) => {
    if (event.affectsConfiguration(PLAN_SETTINGS.codeLens)) this.changed.fire();
  });

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!vscode.workspace.getConfiguration().get<boolean>(PLAN_SETTINGS.codeLens, true)) return [];
    return explainTargets(document.getText()).flatMap((target) => {
      const line = document.positionAt(target.codeStart).line;
      const range = new vscode.Range(line, 0, line, 0);
      const args = [document.uri, target.start];
      const run = new vscode.CodeLens(range, {
        title: vscode.l10n.t('Run'),
        command: RUN_COMMANDS.runStatement,
        arguments: args,
        tooltip: vscode.l10n.t(
          "Run this statement in the editor's session and show its rows (statements that change something ask first). {0} runs the statement under the cursor or the selection.",
          runStatementKeyLabel(process.platform),
        ),
      });
      if (!isExplainable(target.text)) return [run];
      return [
        run,
        new vscode.CodeLens(range, {
          title: vscode.l10n.t('Explain'),
          command: PLAN_COMMANDS.explainStatement,
          arguments: args,
          tooltip: vscode.l10n.t('EXPLAIN this statement on the active connection (it does not run)'),
        }),
        new vscode.CodeLens(range, {
          title: vscode.l10n.t('Explain Analyze'),
          command: PLAN_COMMANDS.explainAnalyzeStatement,
          arguments: args,
          tooltip: vscode.l10n.t('EXPLAIN ANALYZE runs this statement on the active connection and shows where the time went'),
        }),
      ];
    });
  }

  dispose(): void {
    this.configurationListener.dispose();
    this.changed.dispose();
  }
}
