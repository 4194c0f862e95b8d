// The local TiDB cluster (TiUP playground) as this window sees it: the one it started (and whether
// it stops when the window closes), playgrounds started elsewhere (a terminal, an earlier window),
// the status-bar item, and the commands' work.
//
// Window close: VS Code gives an extension no chance to ask anything while it shuts down, so the
// question is asked when it can be answered: the notification that says the cluster is running
// offers "Keep Running After Close" (or "Stop When Window Closes"), the status-bar item shows the
// answer, and tidbLab.tiup.stopOnWindowClose is the default. When the window closes (or reloads),
// dispose() sends SIGTERM to a playground this window started unless it is to keep running; the
// playground then stops its instances by itself.
import { join } from 'node:path';
import * as vscode from 'vscode';
import { serverDisplayName } from '../../core/db/serverFlavor';
import { identifyServer } from '../../core/db/serverFlavor';
import { PlaygroundStartFailure, startPlayground, type StartedPlayground } from '../../core/tiup/localPlayground';
import type { Endpoint } from '../../core/tiup/playgroundOutput';
import { endPlaygroundOnWindowClose, stopPlaygroundByPid } from '../../core/tiup/playgroundProcess';
import { findRunningPlaygrounds, type RunningPlayground } from '../../core/tiup/runningPlaygrounds';
import { tidbReadinessProbe } from '../../core/tiup/tidbReadiness';
import { listTiDBVersions } from '../../core/tiup/tiupCommand';
import { findTiup, tiupHome } from '../../core/tiup/tiupLocation';
import type { TidbLabApi } from '../api';
import { savePlaygroundConnection } from './playgroundConnection';
import { PLAYGROUND_COMMANDS, PLAYGROUND_RUNNING_CONTEXT } from './playgroundIds';
import { askTiFlashNodes, askVersion } from './playgroundQuestions';
import { readPlaygroundSettings } from './playgroundSettings';
import { showTiupMissing } from './tiupMissingNotification';

interface OwnPlayground {
  started: StartedPlayground;
  keepAfterClose: boolean;
  profileId?: string;
  stopping: boolean;
}

/** A running playground, this window's or another's, as the commands handle it. */
interface KnownPlayground {
  tag: string;
  pid: number;
  endpoints: Endpoint[];
  own: boolean;
  version?: string;
}

const WATCH_INTERVAL_MS = 5000;

export class PlaygroundService implements vscode.Disposable {
  private own: OwnPlayground | undefined;
  private starting: { tag: string; controller: AbortController } | undefined;
  private others: RunningPlayground[] = [];
  private lastLogFile: string | undefined;
  private readonly statusItem = vscode.window.createStatusBarItem('tidbLab.localCluster', vscode.StatusBarAlignment.Left, 49);
  private watch: NodeJS.Timeout | undefined;

  constructor(
    private readonly api: TidbLabApi,
    private readonly storageDir: string,
    private readonly onClusterShown: (profileId: string) => void,
  ) {
    this.statusItem.name = vscode.l10n.t('TiDB Lab Local Cluster');
    this.statusItem.command = PLAYGROUND_COMMANDS.actions;
  }

  /**
   * Follows TiUP's playgrounds (this window's and those started elsewhere) from now on: once the
   * window uses TiDB Lab, or before any of the local-cluster commands runs (registerPlaygroundFeature).
   * A window that never does reads nothing.
   */
  watchPlaygrounds(): void {
    if (this.watch !== undefined) return;
    this.refreshOthers();
    this.watch = setInterval(() => this.refreshOthers(), WATCH_INTERVAL_MS);
  }

  logFileFor(tag: string): string {
    return join(this.storageDir, 'playground', `${tag}.log`);
  }

  /** Start Local TiDB Cluster...: find tiup, ask, start, follow, connect. */
  async start(): Promise<boolean> {
    const settings = readPlaygroundSettings();
    if (this.starting) {
      void vscode.window.showInformationMessage(vscode.l10n.t('The local TiDB cluster {0} is already starting.', this.starting.tag));
      return false;
    }
    const search = findTiup({ configuredPath: settings.tiupPath });
    if (!search.found) {
      this.api.log.warn(
        `Start Local TiDB Cluster: tiup not found (${search.configuredPathProblem ?? `looked at ${search.searched.join(', ')}`}).`,
      );
      void showTiupMissing(search.configuredPathProblem);
      return false;
    }
    const tiupPath = search.location.path;
    const running = this.known().find((playground) => playground.tag === settings.tag);
    if (running) return this.offerRunning(running);

    const version = await askVersion(listTiDBVersions(tiupPath, { timeoutMs: 30_000 }));
    if (!version) return false;
    const tiflashNodes = await askTiFlashNodes();
    if (tiflashNodes === undefined) return false;

    const request = { version: version.version, tag: settings.tag, tiflashNodes, monitor: settings.monitor };
    const logFile = this.logFileFor(settings.tag);
    this.lastLogFile = logFile;
    const controller = new AbortController();
    this.starting = { tag: settings.tag, controller };
    this.updateStatus();
    this.api.log.info(`Starting a local TiDB cluster with ${tiupPath} (${search.location.source}); output in ${logFile}.`);
    const title = vscode.l10n.t('Local TiDB cluster {0}', settings.tag);
    let started: StartedPlayground;
    try {
      started = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title, cancellable: true },
        (progress, token) => {
          token.onCancellationRequested(() => controller.abort());
          progress.report({ message: vscode.l10n.t('starting tiup playground…') });
          let lastStep = '';
          return startPlayground({
            tiupPath,
            request,
            logFile,
            readyTimeoutMs: settings.startTimeoutMs,
            signal: controller.signal,
            onEvent: (event) => {
              if (event.kind === 'step' && event.message !== lastStep) {
                lastStep = event.message;
                progress.report({ message: `${event.message}…` });
                this.api.log.info(`[playground ${settings.tag}] ${event.message}`);
              } else if (event.kind === 'tidbEndpoint') {
                progress.report({
                  message: vscode.l10n.t('TiDB is at {0}:{1}; connecting…', event.endpoint.host, String(event.endpoint.port)),
                });
              }
            },
            onProbe: (endpoint, result) => {
              if (result.ready)
                progress.report({
                  message: vscode.l10n.t(
                    'TiDB answers at {0}:{1}; waiting for the rest of the cluster…',
                    endpoint.host,
                    String(endpoint.port),
                  ),
                });
            },
          });
        },
      );
    } catch (error) {
      this.starting = undefined;
      this.updateStatus();
      this.reportStartFailure(error);
      return false;
    }
    this.starting = undefined;
    const own: OwnPlayground = { started, keepAfterClose: !settings.stopOnWindowClose, stopping: false };
    this.own = own;
    void started.process.exited.then(({ code, signal }) => this.ownExited(own, code, signal));
    this.api.log.info(
      `Local TiDB cluster ${started.tag} is running: ${started.versionString} at ${started.endpoint.host}:${started.endpoint.port} (${started.commandLine}, pid ${started.process.pid}).`,
    );
    for (const warning of started.warnings) this.api.log.warn(`[playground ${started.tag}] ${warning}`);
    this.updateStatus();
    own.profileId = await this.connect(started.tag, started.endpoint);
    this.showRunningNotification(own);
    return own.profileId !== undefined;
  }

  /** Stop Local TiDB Cluster: this window's playground, else the one picked among those running. */
  async stop(): Promise<boolean> {
    if (this.starting) {
      this.starting.controller.abort();
      return true;
    }
    const target = await this.pickPlayground(vscode.l10n.t('Local TiDB cluster to stop'));
    if (!target) return false;
    if (!target.own) {
      const stop = vscode.l10n.t('Stop');
      const choice = await vscode.window.showWarningMessage(
        vscode.l10n.t('Stop the playground {0}? TiDB Lab did not start it.', target.tag),
        {
          modal: true,
          detail: vscode.l10n.t(
            'It was started outside this window (pid {0}). Its TiDB, TiKV, PD and TiFlash stop; its data stays in {1}.',
            String(target.pid),
            join(tiupHome(), 'data', target.tag),
          ),
        },
        stop,
      );
      if (choice !== stop) return false;
    }
    await this.disconnectFrom(target);
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Stopping the local TiDB cluster {0}…', target.tag) },
      async () => {
        if (target.own && this.own) {
          this.own.stopping = true;
          await this.own.started.process.stop();
        } else {
          await stopPlaygroundByPid(target.pid);
        }
      },
    );
    this.api.log.info(`Stopped the local TiDB cluster ${target.tag}.`);
    this.refreshOthers();
    void vscode.window.showInformationMessage(
      vscode.l10n.t('The local TiDB cluster {0} is stopped. Its data is kept for the next start with the same tag.', target.tag),
    );
    return true;
  }

  /** Connect to Running Local TiDB Cluster...: playgrounds started anywhere on this machine. */
  async connectRunning(): Promise<boolean> {
    this.refreshOthers();
    let target = await this.pickPlayground(vscode.l10n.t('Local TiDB cluster to connect to'));
    if (!target) {
      // A playground from a TiUP too old to write its meta files, or a TiDB started otherwise: the port.
      const probe = await tidbReadinessProbe(2000)({ host: '127.0.0.1', port: 4000 });
      if (!probe.ready) {
        const start = vscode.l10n.t('Start Local TiDB Cluster...');
        const choice = await vscode.window.showInformationMessage(
          vscode.l10n.t('No local TiDB cluster is running (no TiUP playground, nothing answers as TiDB on 127.0.0.1:4000).'),
          start,
        );
        if (choice === start) return this.start();
        return false;
      }
      target = { tag: 'local', pid: 0, endpoints: [{ host: '127.0.0.1', port: 4000 }], own: false };
    }
    if (target.endpoints.length === 0) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('The playground {0} is still starting: it has not said where TiDB listens yet. Try again in a moment.', target.tag),
      );
      return false;
    }
    return (await this.connect(target.tag, target.endpoints[0])) !== undefined;
  }

  async showLog(): Promise<void> {
    const file = this.own?.started.logFile ?? this.lastLogFile ?? this.logFileFor(readPlaygroundSettings().tag);
    try {
      const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
      await vscode.window.showTextDocument(document, { preview: false });
    } catch {
      const other = this.others[0];
      const detail = other
        ? vscode.l10n.t('The playground {0} was started outside TiDB Lab: its instances log under {1}.', other.tag, other.dataDir)
        : '';
      void vscode.window.showInformationMessage(
        `${vscode.l10n.t('No local TiDB cluster was started from TiDB Lab yet.')} ${detail}`.trim(),
      );
    }
  }

  async openDashboard(): Promise<void> {
    const url = this.own?.started.dashboardUrl;
    if (!url) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('The TiDB Dashboard address is known once a local TiDB cluster was started from TiDB Lab.'),
      );
      return;
    }
    await vscode.env.openExternal(vscode.Uri.parse(url));
  }

  /** The status-bar item's menu. */
  async actions(): Promise<void> {
    const own = this.own;
    type Action = vscode.QuickPickItem & { run: () => unknown };
    const items: Action[] = [];
    if (this.starting) items.push({ label: `$(debug-stop) ${vscode.l10n.t('Cancel the Start')}`, run: () => this.stop() });
    const known = this.known();
    if (known.length > 0) {
      items.push({
        label: `$(plug) ${vscode.l10n.t('Connect')}`,
        description: known.map((p) => p.tag).join(', '),
        run: () => this.connectRunning(),
      });
      items.push({ label: `$(debug-stop) ${vscode.l10n.t('Stop Local TiDB Cluster')}`, run: () => this.stop() });
    } else if (!this.starting) {
      items.push({ label: `$(play) ${vscode.l10n.t('Start Local TiDB Cluster...')}`, run: () => this.start() });
    }
    if (own) {
      items.push(
        own.keepAfterClose
          ? { label: `$(debug-stop) ${vscode.l10n.t('Stop It When This Window Closes')}`, run: () => this.setKeepAfterClose(own, false) }
          : {
              label: `$(pinned) ${vscode.l10n.t('Keep It Running After This Window Closes')}`,
              run: () => this.setKeepAfterClose(own, true),
            },
      );
      if (own.started.dashboardUrl)
        items.push({
          label: `$(link-external) ${vscode.l10n.t('Open TiDB Dashboard')}`,
          description: own.started.dashboardUrl,
          run: () => this.openDashboard(),
        });
    }
    items.push({ label: `$(output) ${vscode.l10n.t('Show Log')}`, run: () => this.showLog() });
    const choice = await vscode.window.showQuickPick(items, { title: this.statusText() });
    await choice?.run();
  }

  dispose(): void {
    clearInterval(this.watch);
    this.statusItem.dispose();
    this.starting?.controller.abort();
    if (this.own) endPlaygroundOnWindowClose(this.own.started.process, this.own.keepAfterClose);
  }

  private async connect(tag: string, endpoint: Endpoint): Promise<string | undefined> {
    const profileId = await savePlaygroundConnection(this.api.store, tag, endpoint);
    const open = this.api.connections.sessionFor(profileId);
    if (open && (open.profile.host !== endpoint.host || open.profile.port !== endpoint.port))
      await this.api.connections.disconnect(profileId);
    this.onClusterShown(profileId);
    const session = await this.api.connections.connect(profileId);
    return session ? profileId : undefined;
  }

  private async offerRunning(running: KnownPlayground): Promise<boolean> {
    const connect = vscode.l10n.t('Connect');
    const stop = vscode.l10n.t('Stop It');
    const where = running.endpoints[0] ? `${running.endpoints[0].host}:${running.endpoints[0].port}` : vscode.l10n.t('(still starting)');
    const choice = await vscode.window.showInformationMessage(
      vscode.l10n.t('The local TiDB cluster {0} is already running ({1}).', running.tag, where),
      connect,
      stop,
    );
    if (choice === connect) return running.endpoints[0] ? (await this.connect(running.tag, running.endpoints[0])) !== undefined : false;
    if (choice === stop) return this.stop();
    return false;
  }

  private showRunningNotification(own: OwnPlayground): void {
    const { started } = own;
    const keep = vscode.l10n.t('Keep Running After Close');
    const stopOnClose = vscode.l10n.t('Stop When Window Closes');
    const dashboard = vscode.l10n.t('Open Dashboard');
    const log = vscode.l10n.t('Show Log');
    const server = serverDisplayName(identifyServer(started.versionString));
    const where = `${started.endpoint.host}:${started.endpoint.port}`;
    const message = own.keepAfterClose
      ? vscode.l10n.t('Local {0} is running at {1} (playground {2}). It keeps running when this window closes.', server, where, started.tag)
      : vscode.l10n.t('Local {0} is running at {1} (playground {2}). It stops when this window closes.', server, where, started.tag);
    const buttons = [own.keepAfterClose ? stopOnClose : keep, ...(started.dashboardUrl ? [dashboard] : []), log];
    const warnings = started.warnings.length > 0 ? ` ${started.warnings.join(' ')}` : '';
    void vscode.window.showInformationMessage(message + warnings, ...buttons).then((choice) => {
      if (choice === keep) this.setKeepAfterClose(own, true);
      else if (choice === stopOnClose) this.setKeepAfterClose(own, false);
      else if (choice === dashboard) void this.openDashboard();
      else if (choice === log) void this.showLog();
    });
  }

  private setKeepAfterClose(own: OwnPlayground, keep: boolean): void {
    own.keepAfterClose = keep;
    this.api.log.info(`Local TiDB cluster ${own.started.tag}: ${keep ? 'keeps running' : 'stops'} when this window closes.`);
    this.updateStatus();
  }

  private ownExited(own: OwnPlayground, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.own !== own) return;
    this.own = undefined;
    this.updateStatus();
    this.api.log.info(`Local TiDB cluster ${own.started.tag} ended (${code !== null ? `exit code ${code}` : `signal ${signal ?? '?'}`}).`);
    if (own.stopping) return;
    const log = vscode.l10n.t('Show Log');
    void vscode.window
      .showWarningMessage(vscode.l10n.t('The local TiDB cluster {0} stopped by itself.', own.started.tag), log)
      .then((choice) => (choice === log ? this.showLog() : undefined));
  }

  private reportStartFailure(error: unknown): void {
    if (!(error instanceof PlaygroundStartFailure)) {
      this.api.log.error(`Start Local TiDB Cluster failed: ${String(error)}`);
      void vscode.window.showErrorMessage(
        vscode.l10n.t('The local TiDB cluster could not start: {0}', error instanceof Error ? error.message : String(error)),
      );
      return;
    }
    this.api.log.error(`Start Local TiDB Cluster failed (${error.kind}): ${error.message}\n${error.lastLines.join('\n')}`);
    if (error.kind === 'cancelled') {
      void vscode.window.showInformationMessage(vscode.l10n.t('Start Local TiDB Cluster cancelled: the playground was stopped.'));
      return;
    }
    const log = vscode.l10n.t('Show Log');
    const hint =
      error.kind === 'exitedEarly' || error.kind === 'timeout'
        ? vscode.l10n.t(
            'TiUP downloads TiDB from the internet on a first start; its data for this tag is in {0}.',
            join(tiupHome(), 'data'),
          )
        : '';
    void vscode.window
      .showErrorMessage(vscode.l10n.t('The local TiDB cluster did not start: {0}', error.message), { detail: hint }, log)
      .then((choice) => (choice === log ? this.showLog() : undefined));
  }

  private async disconnectFrom(target: KnownPlayground): Promise<void> {
    const endpoints = new Set(target.endpoints.map((endpoint) => `${endpoint.host}:${endpoint.port}`));
    for (const profileId of this.api.connections.connectedProfileIds()) {
      const session = this.api.connections.sessionFor(profileId);
      if (session && (endpoints.has(`${session.profile.host}:${session.profile.port}`) || profileId === this.own?.profileId))
        await this.api.connections.disconnect(profileId);
    }
  }

  private async pickPlayground(placeHolder: string): Promise<KnownPlayground | undefined> {
    const known = this.known();
    if (known.length <= 1) return known[0];
    const choice = await vscode.window.showQuickPick(
      known.map((playground) => ({
        label: playground.tag,
        description: [
          playground.endpoints[0] ? `${playground.endpoints[0].host}:${playground.endpoints[0].port}` : vscode.l10n.t('starting'),
          playground.version ?? '',
          playground.own ? vscode.l10n.t('started here') : vscode.l10n.t('pid {0}', String(playground.pid)),
        ]
          .filter(Boolean)
          .join(' · '),
        playground,
      })),
      { placeHolder },
    );
    return choice?.playground;
  }

  /** This window's playground first, then the ones found in $TIUP_HOME/data. */
  private known(): KnownPlayground[] {
    const own = this.own;
    const list: KnownPlayground[] = [];
    if (own && own.started.process.isRunning)
      list.push({
        tag: own.started.tag,
        pid: own.started.process.pid,
        endpoints: [own.started.endpoint],
        own: true,
        version: own.started.versionString,
      });
    for (const other of this.others) {
      if (own && other.tag === own.started.tag) continue;
      list.push({ tag: other.tag, pid: other.pid, endpoints: other.tidbEndpoints, own: false, version: other.version });
    }
    return list;
  }

  private refreshOthers(): void {
    this.others = findRunningPlaygrounds(tiupHome());
    this.updateStatus();
  }

  private statusText(): string {
    if (this.starting) return vscode.l10n.t('Local TiDB: starting {0}…', this.starting.tag);
    const known = this.known();
    if (known.length === 0) return '';
    const first = known[0];
    const where = first.endpoints[0] ? ` ${first.endpoints[0].host}:${first.endpoints[0].port}` : '';
    return `${vscode.l10n.t('Local TiDB: {0}', first.tag)}${where}${known.length > 1 ? ` +${known.length - 1}` : ''}`;
  }

  private updateStatus(): void {
    const text = this.statusText();
    void vscode.commands.executeCommand('setContext', PLAYGROUND_RUNNING_CONTEXT, this.known().length > 0);
    if (!text) {
      this.statusItem.hide();
      return;
    }
    this.statusItem.text = `${this.starting ? '$(loading~spin)' : '$(server-environment)'} ${text}`;
    const own = this.own;
    this.statusItem.tooltip = own
      ? own.keepAfterClose
        ? vscode.l10n.t('Started by TiDB Lab; keeps running when this window closes. Click for actions.')
        : vscode.l10n.t('Started by TiDB Lab; stops when this window closes. Click for actions.')
      : this.starting
        ? vscode.l10n.t('Starting tiup playground. Click to cancel or see the log.')
        : vscode.l10n.t('A TiUP playground started outside this window. Click for actions.');
    this.statusItem.show();
  }
}
