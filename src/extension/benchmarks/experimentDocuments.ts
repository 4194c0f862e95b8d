// Experiment definitions as editor documents: a preset opens as JSON the user can change, with a
// "Run Experiment" CodeLens (and an editor title button), and the engine's validation messages
// shown as diagnostics while typing.
import * as vscode from 'vscode';
import { ExperimentDefinitionError, parseExperimentDefinition, type ExperimentDefinition } from '../../core/bench/experimentDefinition';
import { OptionError } from '../../core/bench/benchOptions';
import { BENCHMARK_COMMANDS, BENCHMARK_CONTEXT_KEYS } from './benchmarkIds';

const JSON_LANGUAGES = ['json', 'jsonc'];
const VALIDATE_DELAY_MS = 300;

/** An experiment file by name, or any JSON whose top level looks like one. */
export function looksLikeExperiment(document: vscode.TextDocument): boolean {
  if (!JSON_LANGUAGES.includes(document.languageId)) return false;
  if (/\.(tidb-)?experiment\.json$/i.test(document.fileName)) return true;
  const head = document.getText().slice(0, 4000);
  return /"kind"\s*:\s*"(sysbench|bulk-load)"/.test(head) || (/"workloads"\s*:/.test(head) && /"threads"\s*:/.test(head)) || /"rowsPerInsert"\s*:/.test(head);
}

export type ParsedDefinition = { ok: true; definition: ExperimentDefinition } | { ok: false; message: string };

export function parseDocumentDefinition(text: string): ParsedDefinition {
  try {
    return { ok: true, definition: parseExperimentDefinition(text) };
  } catch (error) {
    if (error instanceof ExperimentDefinitionError || error instanceof OptionError) return { ok: false, message: error.message };
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** The place a validation message is about: the first field it names in quotes, else the start. */
export function rangeOfProblem(document: vscode.TextDocument, message: string): vscode.Range {
  const field = /"([^"]+)"/.exec(message)?.[1];
  const key = field?.split('.').pop()?.replace(/\[\d+\]$/, '');
  if (key) {
    const index = document.getText().indexOf(`"${key}"`);
    if (index >= 0) {
      const start = document.positionAt(index);
      return new vscode.Range(start, document.positionAt(index + key.length + 2));
    }
  }
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
      vscode.languages.registerCodeLensProvider(JSON_LANGUAGES.map((language) => ({ language })), this),
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
      new vscode.CodeLens(top, { title: `$(play) ${vscode.l10n.t('Run Experiment')}`, command: BENCHMARK_COMMANDS.runExperimentFromEditor, arguments: [document.uri] }),
      new vscode.CodeLens(top, { title: this.describeTarget(), command: BENCHMARK_COMMANDS.runExperimentFromEditor, arguments: [document.uri, { chooseDatabase: true }] }),
    ];
  }

  /** Validates now and returns the definition, or shows why it cannot run. */
  validate(document: vscode.TextDocument): ParsedDefinition {
    const parsed = parseDocumentDefinition(document.getText());
    if (parsed.ok) this.diagnostics.delete(document.uri);
    else {
      const diagnostic = new vscode.Diagnostic(rangeOfProblem(document, parsed.message), parsed.message, vscode.DiagnosticSeverity.Error);
      diagnostic.source = 'TiDB Lab experiment';
      this.diagnostics.set(document.uri, [diagnostic]);
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
    this.timers.set(key, setTimeout(() => {
      this.timers.delete(key);
      this.validate(document);
    }, VALIDATE_DELAY_MS));
    void this.updateContextKey();
  }

  private async updateContextKey(): Promise<void> {
    const document = vscode.window.activeTextEditor?.document;
    await vscode.commands.executeCommand('setContext', BENCHMARK_CONTEXT_KEYS.experimentEditor, document !== undefined && looksLikeExperiment(document));
  }
}
