// Export… in a plan view: copy or save the plan as JSON, as the text report, or as the raw plan.
import * as vscode from 'vscode';
import { writeUriWhole } from '../state/writeUriWhole';
import type { PlanExportFormat } from '../../protocol/planView';
import { announceSaved, copyWithConfirmation } from '../feedback/copyAndSaveConfirmations';
import type { BuiltDocument } from './planDocument';
import { exportFileExtension, exportText } from './planExports';

interface ExportChoice extends vscode.QuickPickItem {
  format: PlanExportFormat;
  action: 'copy' | 'save';
}

export async function exportPlan(document: BuiltDocument, title: string): Promise<void> {
  const t = vscode.l10n.t;
  const formats: { format: PlanExportFormat; label: string; detail: string }[] = [
    { format: 'json', label: t('JSON'), detail: t('Operators, findings and warnings, as `tidb-lab plan --json` writes them') },
    { format: 'report', label: t('Text report'), detail: t('The tree with time, rows and engine per operator, then the findings') },
    { format: 'raw', label: t('Raw plan'), detail: t('The plan text as it was read, to paste elsewhere or visualize again') },
  ];
  const items: ExportChoice[] = [
    ...formats.map(({ format, label, detail }) => ({ format, action: 'copy' as const, label: `$(copy) ${t('Copy {0}', label)}`, detail })),
    ...formats.map(({ format, label, detail }) => ({ format, action: 'save' as const, label: `$(save) ${t('Save {0}…', label)}`, detail })),
  ];
  const choice = await vscode.window.showQuickPick(items, {
    title: t('Export plan: {0}', title),
    placeHolder: t('Copy to the clipboard or save to a file'),
  });
  if (!choice) return;
  const text = exportText(document, choice.format);
  if (choice.action === 'copy') {
    const label = formats.find((entry) => entry.format === choice.format)?.label ?? choice.format;
    await copyWithConfirmation(text, t('Copied the plan as {0}', label));
    return;
  }
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const fileName = `${
    title
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'plan'
  }.${exportFileExtension(choice.format)}`;
  const target = await vscode.window.showSaveDialog({
    title: t('Save plan'),
    defaultUri: folder ? vscode.Uri.joinPath(folder, fileName) : undefined,
    filters: choice.format === 'json' ? { JSON: ['json'] } : { [t('Text')]: ['txt'] },
  });
  if (!target) return;
  await writeUriWhole(target, new TextEncoder().encode(text));
  void announceSaved(target);
}
