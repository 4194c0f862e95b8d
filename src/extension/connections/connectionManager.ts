// Open sessions per connection profile and the "active connection": the one last connected or
// chosen, which later commands (benchmarks, explain, table controls) work on.
import * as vscode from 'vscode';
import type { ConnectionProblem } from '../../core/db/connectionErrors';
import { describeEndpoint, type ConnectionProfile } from '../../core/db/connectionProfile';
import { ConnectionFailure, type DatabaseSession } from '../../core/db/databaseSession';
import { serverDisplayName } from '../../core/db/serverFlavor';
import { CONTEXT_KEYS, VIEWS } from '../commandIds';
import type { ExtensionLog } from '../log/extensionLog';
import { showConnectionProblem } from './connectionProblemNotification';
import type { ConnectionStore } from './connectionStore';
import { askForPassword } from './passwordPrompt';

export type SessionOpener = (profile: ConnectionProfile, password: string) => Promise<DatabaseSession>;

export interface ConnectOptions {
  /** 'view': progress only in the Connections view; 'notification' (default): also a cancellable notification when it is slow */
  progress?: 'notification' | 'view';
  /** make it the active connection (default true) */
  makeActive?: boolean;
  /** a password to use instead of the stored one or a prompt (automation, retries) */
  password?: string;
  /** no error notification on failure (the caller reports it); the problem is still kept */
  quiet?: boolean;
}

const LAST_ACTIVE_STATE_KEY = 'tidbLab.lastActiveConnection';
const SLOW_CONNECT_NOTIFICATION_DELAY_MS = 600;

export class ConnectionManager implements vscode.Disposable {
  private readonly sessions = new Map<string, DatabaseSession>();
  private readonly pending = new Map<string, Promise<DatabaseSession | undefined>>();
  private readonly failures = new Map<string, ConnectionProblem>();
  private activeId: string | undefined;

  private readonly activeChanged = new vscode.EventEmitter<DatabaseSession | undefined>();
  /** fires with the new active session, or undefined when there is none */
  readonly onDidChangeActive = this.activeChanged.event;
  private readonly sessionsChanged = new vscode.EventEmitter<string>();
  /** fires with the profile id whose state changed: connecting, connected, failed or disconnected */
  readonly onDidChangeSessions = this.sessionsChanged.event;

  constructor(
    private readonly store: ConnectionStore,
    private readonly globalState: vscode.Memento,
    private readonly openSession: SessionOpener,
    private readonly log: ExtensionLog,
  ) {
    void this.updateContextKeys();
  }

  activeSession(): DatabaseSession | undefined {
    return this.activeId === undefined ? undefined : this.sessions.get(this.activeId);
  }

  activeProfileId(): string | undefined {
    return this.activeId;
  }

  sessionFor(profileId: string): DatabaseSession | undefined {
    return this.sessions.get(profileId);
  }

  isConnecting(profileId: string): boolean {
    return this.pending.has(profileId);
  }

  isAnyConnecting(): boolean {
    return this.pending.size > 0;
  }

  /** Why the last attempt to connect this profile failed; cleared when it connects. */
  lastProblem(profileId: string): ConnectionProblem | undefined {
    return this.failures.get(profileId);
  }

  /** After the profile was edited, its last failure says nothing any more. */
  forgetProblem(profileId: string): void {
    if (this.failures.delete(profileId)) this.sessionsChanged.fire(profileId);
  }

  connectedProfileIds(): string[] {
    return [...this.sessions.keys()];
  }

  /** Connects (or returns the open session); undefined when it failed or the user cancelled. */
  connect(profileId: string, options: ConnectOptions = {}): Promise<DatabaseSession | undefined> {
    const open = this.sessions.get(profileId);
    if (open) {
      if (options.makeActive !== false) this.setActive(profileId);
      return Promise.resolve(open);
    }
    const pending = this.pending.get(profileId);
    if (pending) return pending;
    const attempt = this.attemptConnect(profileId, options).finally(() => {
      this.pending.delete(profileId);
      this.sessionsChanged.fire(profileId);
    });
    this.pending.set(profileId, attempt);
    this.sessionsChanged.fire(profileId);
    return attempt;
  }

  async disconnect(profileId: string): Promise<void> {
    const session = this.sessions.get(profileId);
    if (!session) return;
    this.sessions.delete(profileId);
    await session.close();
    this.log.info(`Disconnected from ${session.profile.name}.`);
    this.sessionsChanged.fire(profileId);
    if (this.activeId === profileId) {
      const next: string | undefined = this.sessions.keys().next().value;
      this.changeActive(next);
      // A connection the user closed does not come back by itself after a reload.
      void this.globalState.update(LAST_ACTIVE_STATE_KEY, next);
    }
  }

  setActive(profileId: string): void {
    if (!this.sessions.has(profileId)) throw new Error(`The connection ${profileId} is not open.`);
    if (this.activeId === profileId) return;
    this.changeActive(profileId);
    void this.globalState.update(LAST_ACTIVE_STATE_KEY, profileId);
  }

  /**
   * The session later commands work on: the active one; else the last active connection,
   * connected now; else the only connection there is; else the one the user picks. Undefined when
   * there is none or the user cancels.
   */
  async requireActiveSession(): Promise<DatabaseSession | undefined> {
    const active = this.activeSession();
    if (active) return active;
    const last = this.globalState.get<string>(LAST_ACTIVE_STATE_KEY);
    if (last && this.store.get(last)) return this.connect(last);
    const connections = this.store.all();
    if (connections.length === 1) return this.connect(connections[0].profile.id);
    return this.pickActive();
  }

  /**
   * After a window reload: connects again, in the background, the connection that was active, when
   * that needs no question (its password is in SecretStorage, or it has none). A failure shows on
   * its tree item, not as a notification. One whose password is asked for each time is connected
   * when a command first needs it (requireActiveSession).
   */
  async restoreActive(): Promise<DatabaseSession | undefined> {
    const last = this.globalState.get<string>(LAST_ACTIVE_STATE_KEY);
    const stored = last === undefined ? undefined : this.store.get(last);
    if (!stored || this.activeId !== undefined || this.sessions.size > 0) return undefined;
    const { profile } = stored;
    if (profile.passwordMode === 'ask') return undefined;
    if (profile.passwordMode === 'secretStorage' && !(await this.store.hasPassword(profile.id))) return undefined;
    this.log.info(`Connecting again to ${profile.name}, the active connection before the window was reloaded.`);
    return this.connect(profile.id, { progress: 'view', quiet: true });
  }

  /** Lets the user choose the active connection, connecting it when needed. */
  async pickActive(): Promise<DatabaseSession | undefined> {
    const picked = await this.pickConnection({
      title: vscode.l10n.t('Active TiDB Lab Connection'),
      placeHolder: vscode.l10n.t('Commands such as benchmarks and EXPLAIN run on the active connection'),
    });
    return picked === undefined ? undefined : this.connect(picked);
  }

  /**
   * The connection a command that puts load on a server works on: the only one there is without a
   * question, else the one the user picks (the active one first and preselected).
   */
  async chooseConnection(options: { title: string; placeHolder: string }): Promise<string | undefined> {
    const connections = this.store.all();
    if (connections.length === 1) return connections[0].profile.id;
    return this.pickConnection(options);
  }

  /**
   * Asks which connection (the active one, or `first`, first and preselected, each saying whether
   * it is connected and to what); its profile id, or undefined when there is none or the user cancels.
   */
  async pickConnection(options: { title: string; placeHolder: string; first?: string }): Promise<string | undefined> {
    const connections = this.store.all();
    if (connections.length === 0) {
      const add = vscode.l10n.t('Add Connection');
      const choice = await vscode.window.showInformationMessage(vscode.l10n.t('TiDB Lab has no connection yet.'), add);
      if (choice === add) await vscode.commands.executeCommand('tidbLab.addConnection');
      return undefined;
    }
    const first = options.first ?? this.activeId;
    const ordered = [...connections].sort((a, b) => Number(b.profile.id === first) - Number(a.profile.id === first));
    const items = ordered.map(({ profile, source }) => {
      const session = this.sessions.get(profile.id);
      const state = session
        ? profile.id === this.activeId
          ? vscode.l10n.t('active · connected · {0}', serverDisplayName(session.identity))
          : vscode.l10n.t('connected · {0}', serverDisplayName(session.identity))
        : vscode.l10n.t('not connected');
      return {
        id: profile.id,
        label: `$(${session ? 'vm-running' : 'vm-outline'}) ${profile.name}`,
        description: describeEndpoint(profile),
        detail: source === 'settings' ? `${state} · ${vscode.l10n.t('from settings')}` : state,
      };
    });
    // showQuickPick focuses the first item: the active connection (or `first`), sorted first.
    const choice = await vscode.window.showQuickPick(items, {
      title: options.title,
      placeHolder: options.placeHolder,
      matchOnDescription: true,
    });
    return choice?.id;
  }

  dispose(): void {
    for (const session of this.sessions.values()) void session.close();
    this.sessions.clear();
    this.activeChanged.dispose();
    this.sessionsChanged.dispose();
  }

  private async attemptConnect(profileId: string, options: ConnectOptions): Promise<DatabaseSession | undefined> {
    const stored = this.store.get(profileId);
    if (!stored) {
      void vscode.window.showErrorMessage(vscode.l10n.t('The connection no longer exists. Refresh the Connections view.'));
      return undefined;
    }
    const profile = stored.profile;
    const password = await this.passwordFor(profile, options.password);
    if (password === undefined) {
      this.log.info(`Connecting to ${profile.name} cancelled: no password given.`);
      return undefined;
    }
    const title = vscode.l10n.t('Connecting to {0} ({1})…', profile.name, `${profile.host}:${profile.port}`);
    const started = performance.now();
    this.log.info(`Connecting to ${profile.name} (${describeEndpoint(profile)}, TLS ${profile.tls})…`);
    try {
      const session = await this.withProgress(title, options.progress ?? 'notification', () => this.openSession(profile, password.value));
      if (!session) {
        this.log.info(`Connecting to ${profile.name} cancelled.`);
        return undefined;
      }
      this.sessions.set(profileId, session);
      this.failures.delete(profileId);
      if (password.fromPrompt && profile.passwordMode === 'secretStorage') await this.store.storePassword(profileId, password.value);
      this.log.info(
        `Connected to ${profile.name}: ${serverDisplayName(session.identity)} (VERSION() = ${session.identity.versionString}) in ${(performance.now() - started).toFixed(0)} ms.`,
      );
      if (options.makeActive !== false) this.setActive(profileId);
      return session;
    } catch (error) {
      const problem = error instanceof ConnectionFailure ? error.problem : undefined;
      if (!problem) throw error;
      this.failures.set(profileId, problem);
      this.log.error(
        `Connecting to ${profile.name} failed (${problem.kind}): ${problem.title} ${{ server: 'Server', system: 'Operating system', client: 'Client' }[problem.detail.source]} said: ${problem.serverMessage}`,
      );
      if (!options.quiet) {
        showConnectionProblem(profile, problem, () => void this.retryWithNewPassword(profile));
      }
      return undefined;
    }
  }

  private async retryWithNewPassword(profile: ConnectionProfile): Promise<void> {
    const password = await askForPassword(profile, vscode.l10n.t('The server refused the last password.'));
    if (password === undefined) return;
    const session = await this.connect(profile.id, { password });
    if (session && profile.passwordMode === 'secretStorage') await this.store.storePassword(profile.id, password);
  }

  private async passwordFor(
    profile: ConnectionProfile,
    given: string | undefined,
  ): Promise<{ value: string; fromPrompt: boolean } | undefined> {
    if (profile.passwordMode === 'empty') return { value: '', fromPrompt: false };
    if (given !== undefined) return { value: given, fromPrompt: false };
    if (profile.passwordMode === 'secretStorage') {
      const stored = await this.store.getPassword(profile.id);
      if (stored !== undefined) return { value: stored, fromPrompt: false };
    }
    const asked = await askForPassword(profile);
    return asked === undefined ? undefined : { value: asked, fromPrompt: true };
  }

  /**
   * Shows the connect's progress: at once as the Connections view's progress bar, and as a
   * cancellable notification only when it takes a while (a local connect takes milliseconds and a
   * flashing notification is noise). A cancelled attempt resolves undefined and closes its late session.
   */
  private withProgress(
    title: string,
    where: 'notification' | 'view',
    open: () => Promise<DatabaseSession>,
  ): Promise<DatabaseSession | undefined> {
    const opening = open();
    void vscode.window.withProgress({ location: { viewId: VIEWS.connections } }, () => opening.catch(() => undefined));
    if (where === 'view') return opening;
    return new Promise<DatabaseSession | undefined>((resolve, reject) => {
      let cancelled = false;
      const timer = setTimeout(() => {
        void vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title, cancellable: true },
          (_progress, token) =>
            new Promise<void>((done) => {
              token.onCancellationRequested(() => {
                cancelled = true;
                resolve(undefined);
                done();
              });
              opening.then(
                () => done(),
                () => done(),
              );
            }),
        );
      }, SLOW_CONNECT_NOTIFICATION_DELAY_MS);
      opening.then(
        (session) => {
          clearTimeout(timer);
          if (cancelled) void session.close();
          else resolve(session);
        },
        (error: unknown) => {
          clearTimeout(timer);
          if (!cancelled) reject(error);
        },
      );
    });
  }

  private changeActive(profileId: string | undefined): void {
    this.activeId = profileId;
    this.activeChanged.fire(this.activeSession());
    void this.updateContextKeys();
  }

  private async updateContextKeys(): Promise<void> {
    const active = this.activeSession();
    await vscode.commands.executeCommand('setContext', CONTEXT_KEYS.hasActiveConnection, active !== undefined);
    await vscode.commands.executeCommand('setContext', CONTEXT_KEYS.activeConnectionFlavor, active?.identity.flavor ?? '');
  }
}
