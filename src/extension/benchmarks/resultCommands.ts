// The commands on stored results: open, rename, delete (asks), compare two or more runs, export
// (CSV, Markdown, JSON), import a sysbench / go-tpc / go-ycsb log, refresh, show the folder.
import * as vscode from 'vscode';
import type { BenchmarkResult } from '../../core/results/benchmarkResult';
import { importBenchmarkLog } from '../../core/results/importers/importBenchmarkLog';
import { isPanelTarget, type ExportFormat, type PanelTarget } from '../../protocol/benchmarkResults';
import { BENCHMARK_COMMANDS } from './benchmarkIds';
import { isExportRequest } from './benchmarkRequests';
import type { BenchmarkServices } from './benchmarkServices';
import { isBenchmarkNode, targetOf, type BenchmarkNode } from './benchmarksTreeProvider';
import { exportToFile, type ExportSubject } from './resultExports';
import { cellFullLabel, cellLabel, resultLabel } from './resultLabels';
import { comparisonMemberId } from './resultsPanels';

export interface ImportOutcome {
  ids: string[];
  warnings: string[];
}

export function registerResultCommands(services: BenchmarkServices): vscode.Disposable[] {
  const { api, store, panels, tree, treeView } = services;
  const log = api.log;
  const t = vscode.l10n.t;

  /** The stored result a command is about: a tree node, `{ resultId }`, or the selection in the view. */
  function resultIdOf(arg: unknown): string | undefined {
    if (isBenchmarkNode(arg)) {
      if (arg.kind === 'result') return arg.stored.id;
      if (arg.kind === 'cell') return arg.resultId;
      return undefined;
    }
    const id = (arg as { resultId?: unknown } | undefined)?.resultId;
    if (typeof id === 'string') return id;
    const selected = treeView.selection[0];
    return selected ? resultIdOf(selected) : undefined;
  }

  async function open(arg?: unknown): Promise<void> {
    const target: PanelTarget | undefined = isPanelTarget(arg)
      ? arg
      : isBenchmarkNode(arg)
        ? targetOf(arg)
        : (() => {
            const id = resultIdOf(arg);
            return id ? { kind: 'result' as const, resultId: id } : undefined;
          })();
    if (target) await panels.open(target);
  }

  /** The experiment run a command is about: a run node under an experiment, or `{ resultId, cellIndex }`. */
  function cellOf(arg: unknown): { resultId: string; cellIndex: number } | undefined {
    if (isBenchmarkNode(arg)) return arg.kind === 'cell' ? { resultId: arg.resultId, cellIndex: arg.cellIndex } : undefined;
    const request = arg as { resultId?: unknown; cellIndex?: unknown } | undefined;
    if (typeof request?.resultId === 'string' && Number.isInteger(request.cellIndex) && (request.cellIndex as number) >= 0)
      return { resultId: request.resultId, cellIndex: request.cellIndex as number };
    if (arg === undefined) {
      const selected = treeView.selection[0];
      return selected?.kind === 'cell' ? { resultId: selected.resultId, cellIndex: selected.cellIndex } : undefined;
    }
    return undefined;
  }

  async function rename(arg?: unknown): Promise<void> {
    const given = (arg as { name?: unknown } | undefined)?.name;
    const cell = cellOf(arg);
    if (cell) {
      const stored = await store.get(cell.resultId);
      const experiment = stored?.kind === 'result' && stored.result.kind === 'experiment' ? stored.result : undefined;
      const run = experiment?.cells[cell.cellIndex];
      if (!experiment || !run) return;
      const name =
        typeof given === 'string'
          ? given
          : await vscode.window.showInputBox({
              title: t('Rename Run of {0}', resultLabel(experiment)),
              prompt: t("A name for this run (empty: what tells it apart from the experiment's other runs)."),
              value: cellLabel(experiment, run),
            });
      if (name === undefined) return;
      await store.renameCell(cell.resultId, cell.cellIndex, name);
      await panels.resultChanged(cell.resultId, false);
      return;
    }
    const id = resultIdOf(arg);
    const stored = id ? await store.get(id) : undefined;
    if (stored?.kind !== 'result') return;
    const name =
      typeof given === 'string'
        ? given
        : await vscode.window.showInputBox({
            title: t('Rename Benchmark Result'),
            prompt: t('A name for this result (empty: the workload and threads).'),
            value: stored.result.name ?? resultLabel(stored.result),
          });
    if (name === undefined) return;
    await store.rename(stored.id, name);
    await panels.resultChanged(stored.id, false);
  }

  async function remove(arg?: unknown, selected?: unknown): Promise<boolean> {
    const nodes = selectedNodes(arg, selected);
    const resultNodes = nodes.filter((node): node is Extract<BenchmarkNode, { kind: 'result' }> => node.kind === 'result');
    const ids =
      resultNodes.length > 0 || nodes.length > 0
        ? resultNodes.map((node) => node.stored.id)
        : [cellOf(arg) ? undefined : resultIdOf(arg)].filter((id): id is string => id !== undefined);
    // Runs of an experiment that is itself deleted go with it.
    const cells = (
      nodes.length > 0
        ? nodes.flatMap((node) => (node.kind === 'cell' ? [{ resultId: node.resultId, cellIndex: node.cellIndex }] : []))
        : [cellOf(arg)].filter((cell) => cell !== undefined)
    ).filter((cell) => !ids.includes(cell.resultId));
    if (ids.length === 0 && cells.length === 0) return false;
    const labels: string[] = [];
    for (const id of ids) {
      const stored = await store.get(id);
      if (stored?.kind === 'result') labels.push(resultLabel(stored.result));
    }
    for (const cell of cells) {
      const stored = await store.get(cell.resultId);
      const experiment = stored?.kind === 'result' && stored.result.kind === 'experiment' ? stored.result : undefined;
      const run = experiment?.cells[cell.cellIndex];
      if (experiment && run) labels.push(t('{0}, run of {1}', cellLabel(experiment, run), resultLabel(experiment)));
    }
    const count = ids.length + cells.length;
    const confirmed = (arg as { confirm?: unknown } | undefined)?.confirm === true;
    if (!confirmed) {
      const remove = t('Delete');
      const choice = await vscode.window.showWarningMessage(
        count === 1 ? t('Delete the benchmark result "{0}"?', labels[0] ?? '') : t('Delete {0} benchmark results?', count),
        {
          modal: true,
          detail: `${labels.join('\n')}\n\n${cells.length > 0 && ids.length === 0 ? t("The runs are removed from their experiment's file in {0}.", store.location().fsPath) : t('The result files are deleted from {0}.', store.location().fsPath)}`,
        },
        remove,
      );
      if (choice !== remove) return false;
    }
    for (const id of ids) {
      await store.delete(id);
      await panels.resultChanged(id, true);
    }
    // Highest index first, so the indices still to delete stay valid.
    for (const cell of [...cells].sort((a, b) => b.cellIndex - a.cellIndex)) {
      await store.deleteCell(cell.resultId, cell.cellIndex);
      await panels.cellDeleted(cell.resultId, cell.cellIndex);
    }
    return true;
  }

  async function compare(arg?: unknown, selected?: unknown): Promise<void> {
    const given = (arg as { resultIds?: unknown } | undefined)?.resultIds;
    let members: string[];
    if (Array.isArray(given) && given.every((id) => typeof id === 'string')) {
      members = given as string[];
    } else {
      const nodes = selectedNodes(arg, selected);
      members = nodes.flatMap((node) => {
        if (node.kind === 'cell') return [comparisonMemberId(node.resultId, node.cellIndex)];
        if (node.kind === 'result' && node.stored.result.kind === 'run') return [node.stored.id];
        return [];
      });
      if (members.length < 2) members = await pickRunsToCompare(members);
    }
    if (members.length < 2) return;
    await panels.open({ kind: 'comparison', resultIds: members });
  }

  async function pickRunsToCompare(already: string[]): Promise<string[]> {
    const items: (vscode.QuickPickItem & { member: string })[] = [];
    for (const stored of await store.list()) {
      if (stored.kind !== 'result') continue;
      const result = stored.result;
      if (result.kind === 'run')
        items.push({
          label: resultLabel(result),
          description: new Date(result.startTime).toLocaleString(vscode.env.language),
          member: stored.id,
          picked: already.includes(stored.id),
        });
      else
        result.cells.forEach((cell, index) =>
          items.push({
            label: cellLabel(result, cell),
            description: resultLabel(result),
            member: comparisonMemberId(stored.id, index),
            picked: already.includes(comparisonMemberId(stored.id, index)),
          }),
        );
    }
    if (items.length < 2) {
      void vscode.window.showInformationMessage(t('Comparing needs two runs or more in the Benchmarks view.'));
      return [];
    }
    const picked = await vscode.window.showQuickPick(items, {
      canPickMany: true,
      title: t('Compare Benchmark Runs'),
      placeHolder: t('Pick two runs or more (tip: select them in the Benchmarks view with Ctrl/Cmd+click)'),
    });
    return picked?.map((item) => item.member) ?? [];
  }

  /** The nodes a command is about: VS Code's multi-selection, the clicked node, or (title bar buttons) the view's selection. */
  function selectedNodes(arg: unknown, selected: unknown): BenchmarkNode[] {
    if (Array.isArray(selected) && selected.length > 0) return selected.filter(isBenchmarkNode);
    if (isBenchmarkNode(arg)) return [arg];
    return arg === undefined ? [...treeView.selection] : [];
  }

  async function exportResult(format: ExportFormat, arg?: unknown): Promise<string | undefined> {
    const request = isExportRequest(arg) ? arg : undefined;
    const id = request?.resultId ?? resultIdOf(arg);
    const stored = id ? await store.get(id) : undefined;
    if (stored?.kind !== 'result') return undefined;
    let subject: ExportSubject = { kind: 'result', result: stored.result, baseName: resultLabel(stored.result) };
    const cell = cellOf(arg);
    if (cell && stored.result.kind === 'experiment') {
      const run = stored.result.cells[cell.cellIndex];
      if (!run) return undefined;
      const label = cellFullLabel(stored.result, run);
      subject = { kind: 'result', result: { ...run.run, name: label }, baseName: label };
    }
    const target = request?.target
      ? /^[a-z][\w+.-]*:/i.test(request.target) && !/^[a-z]:[\\/]/i.test(request.target)
        ? vscode.Uri.parse(request.target)
        : vscode.Uri.file(request.target)
      : undefined;
    const written = await exportToFile(subject, request?.format ?? format, log, target, {
      intervals: request?.intervals ?? (target ? false : undefined),
    });
    return written?.toString();
  }

  async function importLog(arg?: unknown): Promise<ImportOutcome> {
    const uris = await importUris(arg);
    const ids: string[] = [];
    const warnings: string[] = [];
    for (const uri of uris) {
      const name = uri.path.split('/').pop() ?? uri.toString();
      const text = Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('utf8');
      const stat = await vscode.workspace.fs.stat(uri);
      const imported = importBenchmarkLog(text, name, { fileModifiedTime: new Date(stat.mtime).toISOString() });
      warnings.push(...imported.warnings.map((warning) => `${name}: ${warning}`));
      for (const [index, result] of imported.results.entries()) {
        const stored = await store.save(named(result, name, index, imported.results.length));
        ids.push(stored.id);
        panels.addWarnings(stored.id, imported.warnings);
      }
      log.info(
        `Imported ${imported.results.length} result(s) from ${uri.fsPath} (${imported.format ?? 'not recognised'}); ${imported.warnings.length} warning(s).`,
      );
    }
    const open = arg === undefined || (arg as { open?: unknown }).open !== false;
    if (ids.length === 0) {
      if (uris.length > 0) void vscode.window.showWarningMessage(t('Nothing was imported: {0}', warnings.join(' ') || t('no run found.')));
      return { ids, warnings };
    }
    if (open) await panels.open(ids.length === 1 ? { kind: 'result', resultId: ids[0] } : { kind: 'comparison', resultIds: ids });
    if (warnings.length > 0) {
      const show = t('Show Warnings');
      void vscode.window
        .showWarningMessage(t('Imported {0} result(s) with {1} warning(s).', ids.length, warnings.length), show)
        .then((choice) => {
          if (choice === show) {
            log.show(true);
            for (const warning of warnings) log.warn(`[import] ${warning}`);
          }
        });
    }
    return { ids, warnings };
  }

  async function importUris(arg: unknown): Promise<vscode.Uri[]> {
    const given = (arg as { uri?: unknown } | undefined)?.uri ?? arg;
    const list = Array.isArray(given) ? given : [given];
    const uris = list
      .map((item) => (item instanceof vscode.Uri ? item : typeof item === 'string' && item !== '' ? vscode.Uri.file(item) : undefined))
      .filter((uri): uri is vscode.Uri => uri !== undefined);
    if (uris.length > 0) return uris;
    return (
      (await vscode.window.showOpenDialog({
        title: t('Import sysbench / go-tpc / go-ycsb Log'),
        canSelectMany: true,
        filters: { [t('Benchmark logs')]: ['log', 'txt', 'out', 'json'], [t('All files')]: ['*'] },
      })) ?? []
    );
  }

  return [
    vscode.commands.registerCommand(BENCHMARK_COMMANDS.openBenchmarkResult, open),
    vscode.commands.registerCommand(BENCHMARK_COMMANDS.renameBenchmarkResult, rename),
    vscode.commands.registerCommand(BENCHMARK_COMMANDS.deleteBenchmarkResult, remove),
    vscode.commands.registerCommand(BENCHMARK_COMMANDS.compareBenchmarkResults, compare),
    vscode.commands.registerCommand(BENCHMARK_COMMANDS.exportBenchmarkCsv, (arg?: unknown) => exportResult('csv', arg)),
    vscode.commands.registerCommand(BENCHMARK_COMMANDS.exportBenchmarkMarkdown, (arg?: unknown) => exportResult('markdown', arg)),
    vscode.commands.registerCommand(BENCHMARK_COMMANDS.exportBenchmarkJson, (arg?: unknown) => exportResult('json', arg)),
    vscode.commands.registerCommand(BENCHMARK_COMMANDS.importBenchmarkLog, importLog),
    vscode.commands.registerCommand(BENCHMARK_COMMANDS.refreshBenchmarks, () => {
      store.refresh();
      tree.refresh();
    }),
    vscode.commands.registerCommand(BENCHMARK_COMMANDS.revealBenchmarkResultsFolder, async () => {
      const folder = store.location();
      await vscode.workspace.fs.createDirectory(folder);
      await vscode.commands.executeCommand('revealFileInOS', folder);
    }),
  ];
}

/** Several runs from one log get numbered names, so they can be told apart in the view. */
function named(result: BenchmarkResult, fileName: string, index: number, count: number): BenchmarkResult {
  if (result.name || count <= 1) return result;
  return { ...result, name: `${resultLabel(result)} · ${fileName} #${index + 1}` };
}
