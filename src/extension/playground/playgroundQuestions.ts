// The questions before a start: which TiDB version (default: the latest release TiUP knows; the
// list comes from `tiup list tidb`, or the installed ones offline; any version can be typed) and
// how many TiFlash nodes (0-2; TiUP's default is 1).
import * as vscode from 'vscode';
import { MAX_TIFLASH_NODES } from '../../core/tiup/playgroundArguments';
import { playgroundVersionProblem } from '../../core/tiup/tidbVersionList';
import type { TiDBVersionsResult } from '../../core/tiup/tiupCommand';

interface VersionItem extends vscode.QuickPickItem {
  /** undefined: TiUP chooses (its latest release) */
  version?: string;
  typeOther?: boolean;
}

/** undefined when the user cancelled; { version: undefined } lets TiUP pick its latest release. */
export async function askVersion(versions: Promise<TiDBVersionsResult>): Promise<{ version?: string } | undefined> {
  const pick = vscode.window.createQuickPick<VersionItem>();
  const title = vscode.l10n.t('Start Local TiDB Cluster (1/2): TiDB version');
  pick.title = title;
  pick.placeholder = vscode.l10n.t('Asking TiUP which versions it knows (tiup list tidb)…');
  pick.busy = true;
  pick.ignoreFocusOut = true;
  pick.matchOnDescription = true;
  pick.show();
  const result = new Promise<VersionItem | { typed: string } | undefined>((resolve) => {
    pick.onDidAccept(() => {
      // A typed version that matches no item filters them all away: then it is the answer.
      const chosen = pick.activeItems[0];
      const typed = pick.value.trim();
      if (chosen) resolve(chosen);
      else if (typed) {
        const problem = playgroundVersionProblem(typed);
        if (problem) {
          pick.title = `${title} · ${problem}`;
          return;
        }
        resolve({ typed });
      }
    });
    pick.onDidHide(() => resolve(undefined));
  });
  void versions.then(
    (listed) => {
      pick.items = versionItems(listed);
      pick.busy = false;
      pick.placeholder = listed.onlineProblem
        ? vscode.l10n.t(
            'TiUP could not reach its mirror, so only installed versions are listed ({0}). Or type a version.',
            listed.onlineProblem,
          )
        : vscode.l10n.t('Pick a version, or type one (v8.5.1, nightly, ^8) and press Enter');
    },
    (error: unknown) => {
      pick.items = versionItems({ list: { releases: [], installed: [] }, onlineProblem: String(error) });
      pick.busy = false;
    },
  );
  const chosen = await result;
  pick.dispose();
  if (!chosen) return undefined;
  if ('typed' in chosen) return { version: chosen.typed };
  if (chosen.typeOther) {
    const typed = await vscode.window.showInputBox({
      title: vscode.l10n.t('Start Local TiDB Cluster: TiDB version'),
      prompt: vscode.l10n.t('A version TiUP knows: vX.Y.Z, nightly, or a range such as ^8'),
      placeHolder: 'v8.5.1',
      ignoreFocusOut: true,
      validateInput: (value) => playgroundVersionProblem(value) ?? (value.trim() ? undefined : vscode.l10n.t('Type a version')),
    });
    return typed === undefined ? undefined : { version: typed.trim() };
  }
  return { version: chosen.version };
}

function versionItems(listed: TiDBVersionsResult): VersionItem[] {
  const { list } = listed;
  const installed = new Set(list.installed);
  const note = (version: string) => (installed.has(version) ? vscode.l10n.t('installed') : vscode.l10n.t('downloaded on first start'));
  const items: VersionItem[] = [];
  if (list.latest) {
    items.push({
      label: `$(star-full) ${list.latest}`,
      description: `${vscode.l10n.t('latest release')} · ${note(list.latest)}`,
      version: list.latest,
      picked: true,
    });
  } else {
    items.push({
      label: `$(star-full) ${vscode.l10n.t('Latest release')}`,
      description: vscode.l10n.t('TiUP chooses'),
      version: undefined,
    });
  }
  if (list.nightly || !listed.onlineProblem) {
    items.push({
      label: 'nightly',
      description: list.nightly ? `→ ${list.nightly}` : vscode.l10n.t('the latest development build'),
      version: 'nightly',
    });
  }
  const others = [...new Set([...list.installed, ...list.releases])].filter((version) => version !== list.latest);
  if (others.length > 0) items.push({ label: vscode.l10n.t('Other versions'), kind: vscode.QuickPickItemKind.Separator });
  for (const version of others) items.push({ label: version, description: note(version), version });
  items.push({ label: `$(edit) ${vscode.l10n.t('Type a version…')}`, typeOther: true });
  return items;
}

export async function askTiFlashNodes(): Promise<number | undefined> {
  const items = Array.from({ length: MAX_TIFLASH_NODES + 1 }, (_, nodes) => ({
    label: String(nodes),
    nodes,
    description: [
      vscode.l10n.t('no TiFlash: TiDB, TiKV and PD only (lightest)'),
      vscode.l10n.t("one TiFlash node: TiFlash replicas and MPP (TiUP's default)"),
      vscode.l10n.t('two TiFlash nodes: tables can have 2 TiFlash replicas'),
    ][nodes],
  }));
  const choice = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('Start Local TiDB Cluster (2/2): TiFlash nodes'),
    placeHolder: vscode.l10n.t('How many TiFlash nodes (columnar storage) the cluster gets'),
    ignoreFocusOut: true,
  });
  return choice?.nodes;
}
