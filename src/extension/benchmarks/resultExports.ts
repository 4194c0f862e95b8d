// Export a result (CSV, Markdown table, JSON) or a chart (PNG) through a save dialog. What is
// written comes from the core's exporters, which keep passwords out.
import * as vscode from 'vscode';
import { writeUriWhole } from '../state/writeUriWhole';
import type { BenchmarkResult, RunResult } from '../../core/results/benchmarkResult';
import { experimentToCsv, intervalsToCsv, runSummariesToCsv } from '../../core/results/exportCsv';
import { resultToJson } from '../../core/results/exportJson';
import { experimentToMarkdown, runComparisonToMarkdown, runSummariesToMarkdown, runToMarkdown } from '../../core/results/exportMarkdown';
import { csvMetadataBlock, resultMetadata } from '../../core/results/csvMetadata';
import { intervalsToMarkdown } from '../../core/results/markdownIntervals';
import { withPngText } from '../../core/results/pngText';
import { redactSecrets } from '../../core/results/redactSecrets';
import { compareRuns } from '../../core/results/runComparison';
import type { ExportFormat } from '../../protocol/benchmarkResults';
import type { ExtensionLog } from '../log/extensionLog';
import { resultLabel } from './resultLabels';
import { announceSaved } from '../feedback/copyAndSaveConfirmations';

/** What an export is about: one stored result, or several runs compared. */
export type ExportSubject =
  { kind: 'result'; result: BenchmarkResult; baseName: string } | { kind: 'runs'; runs: RunResult[]; baseName: string };

const MAX_PNG_BYTES = 32 * 1024 * 1024;
const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/;

export interface ExportChoices {
  /** Markdown of a run: add the per-interval table */
  intervals?: boolean;
}

export function exportText(subject: ExportSubject, format: ExportFormat, choices: ExportChoices = {}): string {
  if (subject.kind === 'runs') {
    // Tables name runs by their name, else by workload and threads: a label reads better than a UUID.
    const named = subject.runs.map((run) => ({ ...run, name: resultLabel(run) }));
    if (format === 'csv')
      return (
        csvMetadataBlock([
          ['result', 'comparison'],
          ['runs', named.map((run) => run.name).join(' | ')],
        ]) + runSummariesToCsv(named)
      );
    if (format === 'markdown') return `${runSummariesToMarkdown(named)}\n${runComparisonToMarkdown(compareRuns(named))}`;
    return `${JSON.stringify(redactSecrets(subject.runs), null, 2)}\n`;
  }
  const result = subject.result;
  if (format === 'json') return resultToJson(result);
  if (format === 'csv')
    return (
      csvMetadataBlock(resultMetadata(result, subject.baseName)) +
      (result.kind === 'run' ? intervalsToCsv(result) : experimentToCsv(result))
    );
  if (result.kind === 'run') {
    const summary = runToMarkdown({ ...result, name: resultLabel(result) });
    return choices.intervals ? `${summary}\n**${vscode.l10n.t('Report intervals')}**\n\n${intervalsToMarkdown(result)}` : summary;
  }
  return experimentToMarkdown(result);
}

const EXTENSIONS: Record<ExportFormat, string> = { csv: 'csv', markdown: 'md', json: 'json' };

export function safeBaseName(name: string): string {
  return (
    name
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'benchmark'
  );
}

/**
 * Asks where to save (unless `uri` is given, for automation) and writes the export; undefined when
 * cancelled. The Markdown of a run with report intervals asks first whether to add them.
 */
export async function exportToFile(
  subject: ExportSubject,
  format: ExportFormat,
  log: ExtensionLog,
  uri?: vscode.Uri,
  choices: ExportChoices = {},
): Promise<vscode.Uri | undefined> {
  const extension = EXTENSIONS[format];
  if (
    format === 'markdown' &&
    choices.intervals === undefined &&
    !uri &&
    subject.kind === 'result' &&
    subject.result.kind === 'run' &&
    subject.result.intervals.length > 0
  ) {
    const asked = await askForIntervals(subject.result.intervals.length);
    if (asked === undefined) return undefined;
    choices = { ...choices, intervals: asked };
  }
  const target =
    uri ??
    (await vscode.window.showSaveDialog({
      title: vscode.l10n.t('Export Benchmark Result'),
      defaultUri: defaultFolderUri(`${safeBaseName(subject.baseName)}.${extension}`),
      filters: { [formatLabel(format)]: [extension] },
    }));
  if (!target) return undefined;
  await writeUriWhole(target, Buffer.from(exportText(subject, format, choices), 'utf8'));
  log.info(`Exported ${subject.baseName} as ${format} to ${target.fsPath}.`);
  if (!uri) void announceSaved(target);
  return target;
}

/** Saves a chart the webview drew; the data URL is checked (a webview is not trusted). */
export async function savePng(
  dataUrl: unknown,
  baseName: string,
  log: ExtensionLog,
  uri?: vscode.Uri,
  text: readonly [string, string][] = [],
): Promise<vscode.Uri | undefined> {
  const match = typeof dataUrl === 'string' ? PNG_DATA_URL.exec(dataUrl) : null;
  if (!match) {
    log.warn('Ignored a chart image that is not a PNG data URL.');
    return undefined;
  }
  const bytes = Buffer.from(match[1], 'base64');
  if (bytes.length > MAX_PNG_BYTES || bytes.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') {
    log.warn('Ignored a chart image that is not a PNG of reasonable size.');
    return undefined;
  }
  const target =
    uri ??
    (await vscode.window.showSaveDialog({
      title: vscode.l10n.t('Save Chart as PNG'),
      defaultUri: defaultFolderUri(`${safeBaseName(baseName)}.png`),
      filters: { [vscode.l10n.t('PNG image')]: ['png'] },
    }));
  if (!target) return undefined;
  await writeUriWhole(target, withPngText(bytes, text));
  log.info(`Saved chart ${baseName} (${bytes.length} bytes) to ${target.fsPath}.`);
  if (!uri) void announceSaved(target);
  return target;
}

async function askForIntervals(count: number): Promise<boolean | undefined> {
  const items: (vscode.QuickPickItem & { intervals: boolean })[] = [
    { label: vscode.l10n.t('Summary'), description: vscode.l10n.t('one row: TPS, QPS, latency, errors'), intervals: false },
    {
      label: vscode.l10n.t('Summary and report intervals'),
      description:
        count === 1
          ? vscode.l10n.t('and a table of its 1 interval')
          : vscode.l10n.t('and a table of its {0} intervals', count.toLocaleString(vscode.env.language)),
      intervals: true,
    },
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('Export Markdown Table'),
    placeHolder: vscode.l10n.t('What the Markdown holds'),
  });
  return picked?.intervals;
}

function formatLabel(format: ExportFormat): string {
  switch (format) {
    case 'csv':
      return vscode.l10n.t('CSV');
    case 'markdown':
      return vscode.l10n.t('Markdown');
    default:
      return vscode.l10n.t('JSON');
  }
}

function defaultFolderUri(fileName: string): vscode.Uri | undefined {
  const folder = vscode.workspace.workspaceFolders?.[0];
  return folder ? vscode.Uri.joinPath(folder.uri, fileName) : undefined;
}
