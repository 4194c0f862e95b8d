// Experiment definitions as editor documents: a preset opens as JSON the user can change, with a
// "Run Experiment" CodeLens (and an editor title button), and the engine's validation messages
// shown as diagnostics while typing.
import * as vscode from 'vscode';
import { BENCHMARK_COMMANDS, BENCHMARK_CONTEXT_KEYS } from './benchmarkIds';
import { looksLikeExperimentText, parseDocumentDefinition, problemKey, type ParsedDefinition } from './experimentDefinitionText';

const JSON_LANGUAGES = ['json', 'jsonc'];
const VALIDATE_DELAY_MS = 300;

export function looksLikeExperiment(document: vscode.TextDocument): boolean {
  return looksLikeExperimentText(document.languageId, document.fileName, document.getText(new vscode.Range(0, 0, 200, 0)));
}

/** Where a validation message points: its offset (a JSON syntax error), the first place the key it names appears, else the first line. */
export function rangeOfProblem(document: vscode.TextDocument, message: string, offset?: number): vscode.Range {
  if (offset !== undefined) {
    const start = document.positionAt(offset);
    const line = document.lineAt(start.line);
    // the character where the text stops being JSON, or the end of its line when that is where it stopped
    return start.character < line.text.length
      ? new vscode.Range(start, start.translate(0, 1))
      : new vscode.Range(line.range.end.translate(0, -Math.min(1, line.text.length)), line.range.end);
  }
  const key = problemKey(message);
  const index = key ? document.getText().indexOf(`"${key}"`) : -1;
  if (key && index >= 0) return new vscode.Range(document.positionAt(index), document.positionAt(index + key.length + 2));
  return new vscode.Range(0, 0, 0, Math.max(1, document.lineAt(0).text.length));
}

export class ExperimentDocuments implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly diagnostics = vscode.languages.createDiagnosticCollection('tidbLab.experiments');
  private readonly lensesChanged = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.lensesChanged.event;
  private readonly subscriptions: vscode.Disposable[] = [this.diagnostics, this.lensesChanged];
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly describeTarget: () => string) {
    this.subscriptions.push(
      vscode.languages.registerCodeLensProvider(
        JSON_LANGUAGES.map((language) => ({ language })),
        this,
      ),
      vscode.workspace.onDidChangeTextDocument((event) => this.scheduleValidation(event.document)),
      vscode.workspace.onDidOpenTextDocument((document) => this.scheduleValidation(document)),
      vscode.workspace.onDidCloseTextDocument((document) => this.diagnostics.delete(document.uri)),
      vscode.window.onDidChangeActiveTextEditor(() => void this.updateContextKey()),
    );
    for (const document of vscode.workspace.textDocuments) this.scheduleValidation(document);
    void this.updateContextKey();
  }

  /** Opens a definition as an untitled JSON document to edit before running it. */
  async open(text: string): Promise<vscode.TextEditor> {
    const document = await vscode.workspace.openTextDocument({ language: 'json', content: text });
    const editor = await vscode.window.showTextDocument(document, { preview: false });
    this.validate(document);
    void this.updateContextKey();
    return editor;
  }

  /** The target line changed (another connection or database): the lenses say it. */
  refresh(): void {
    this.lensesChanged.fire();
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!looksLikeExperiment(document)) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    return [
      new vscode.CodeLens(top, {
        title: `$(play) ${vscode.l10n.t('Run Experiment')}`,
        command: BENCHMARK_COMMANDS.runExperimentFromEditor,
        arguments: [document.uri],
      }),
      new vscode.CodeLens(top, {
        title: this.describeTarget(),
        command: BENCHMARK_COMMANDS.runExperimentFromEditor,
        arguments: [document.uri, { chooseDatabase: true }],
      }),
    ];
  }

  /** Validates now and returns the definition, or shows why it cannot run. */
  validate(document: vscode.TextDocument): ParsedDefinition {
    const parsed = parseDocumentDefinition(document.getText());
    if (parsed.ok) this.diagnostics.delete(document.uri);
    else {
      this.diagnostics.set(
        document.uri,
        parsed.problems.map((problem) => {
          const diagnostic = new vscode.Diagnostic(
            rangeOfProblem(document, problem.message, problem.offset),
            problem.message,
            vscode.DiagnosticSeverity.Error,
          );
          diagnostic.source = 'TiDB Lab experiment';
          return diagnostic;
        }),
      );
    }
    return parsed;
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    for (const subscription of this.subscriptions.splice(0)) subscription.dispose();
  }

  private scheduleValidation(document: vscode.TextDocument): void {
    if (!looksLikeExperiment(document)) {
      this.diagnostics.delete(document.uri);
      return;
    }
    const key = document.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        this.validate(document);
      }, VALIDATE_DELAY_MS),
    );
    void this.updateContextKey();
  }

  private async updateContextKey(): Promise<void> {
    const document = vscode.window.activeTextEditor?.document;
    await vscode.commands.executeCommand(
      'setContext',
      BENCHMARK_CONTEXT_KEYS.experimentEditor,
      document !== undefined && looksLikeExperiment(document),
    );
  }
}
