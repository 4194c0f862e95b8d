import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './freePort';
import { codeServerEntry } from './paths';
import { descendantPids, isAlive, signal } from './processTree';

// Packages installed once by content hash, copied into each suite's extensions folder.
const installedPackagesDir = join(tmpdir(), 'tidb-lab-e2e-installed-packages');
const execFileAsync = promisify(execFile);

export interface CodeServerOptions {
  /** .vsix files to install before the server starts. */
  extensions?: string[];
  /** Written to <user-data-dir>/User/settings.json, over the quiet defaults below. */
  userSettings?: Record<string, unknown>;
  /** Files to create in the workspace folder, by relative path. */
  workspaceFiles?: Record<string, string>;
  /** Extra environment for the server and so for its extension host. */
  env?: Record<string, string>;
}

// Keep the workbench free of first-run noise so screenshots show the extension, not tips.
const quietUserSettings: Record<string, unknown> = {
  'workbench.colorTheme': 'Default Light Modern',
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.enableExperiments': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'telemetry.telemetryLevel': 'off',
  'security.workspace.trust.enabled': false,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'chat.commandCenter.enabled': false,
  'chat.disableAIFeatures': true,
  'window.commandCenter': false,
  'git.enabled': false,
};

/**
 * One code-server (VS Code 1.100.3 in the browser) with its own temporary user data, extensions
 * and workspace folder, on a free port. `stop()` ends it and every process it started.
 */
export class CodeServer {
  private process: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();

  private constructor(
    readonly port: number,
    readonly rootDir: string,
    readonly userDataDir: string,
    readonly extensionsDir: string,
    readonly workspaceFolder: string,
    readonly logFile: string,
  ) {}

  static async start(options: CodeServerOptions = {}): Promise<CodeServer> {
    if (!existsSync(codeServerEntry)) {
      throw new Error(
        `code-server is not installed at ${codeServerEntry}: run scripts/setup-machine.sh (or scripts/install-code-server.sh)`,
      );
    }
    const rootDir = mkdtempSync(join(tmpdir(), 'tidb-lab-e2e-'));
    const server = new CodeServer(
      await freePort(),
      rootDir,
      join(rootDir, 'user-data'),
      join(rootDir, 'extensions'),
      join(rootDir, 'workspace'),
      join(rootDir, 'code-server.log'),
    );
    try {
      server.prepareFolders(options);
      for (const vsix of options.extensions ?? []) await server.installExtension(vsix);
      await server.launch(options.env ?? {});
      return server;
    } catch (error) {
      await server.stop();
      throw error;
    }
  }

  /** The pid of the running server process (the leader of its process group). */
  get pid(): number | undefined {
    return this.process?.pid;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The workbench URL for the workspace folder; `payload` carries development options (see test/suite/index.ts). */
  workbenchUrl(payload?: Array<[string, string]>): string {
    let url = `${this.baseUrl}/?folder=${encodeURIComponent(this.workspaceFolder)}`;
    if (payload) url += `&payload=${encodeURIComponent(JSON.stringify(payload))}`;
    return url;
  }

  /** A path on this machine as the workbench addresses it (code-server serves the files itself). */
  remoteUri(absolutePath: string): string {
    return `vscode-remote://127.0.0.1:${this.port}${absolutePath}`;
  }

  writeUserSettings(settings: Record<string, unknown>): void {
    const file = join(this.userDataDir, 'User', 'settings.json');
    mkdirSync(join(this.userDataDir, 'User'), { recursive: true });
    writeFileSync(file, JSON.stringify({ ...quietUserSettings, ...settings }, null, 2));
  }

  /** The last lines of the server's output and of the extension host's log. */
  logTail(lines = 60): string {
    const parts = [`--- code-server output (${this.logFile}) ---`, tailOf(this.logFile, lines)];
    const extensionHostLog = this.latestExtensionHostLog();
    if (extensionHostLog) parts.push(`--- extension host log (${extensionHostLog}) ---`, tailOf(extensionHostLog, lines));
    // TiDB Lab's own output channel says what the extension did (a webview it could not restore, a reload of a page).
    const extensionLog = this.latestLogFile((name) => name === 'TiDB Lab.log');
    if (extensionLog) parts.push(`--- TiDB Lab log (${extensionLog}) ---`, tailOf(extensionLog, lines));
    return parts.join('\n');
  }

  async stop(): Promise<void> {
    const child = this.process;
    this.process = undefined;
    if (child?.pid !== undefined && isAlive(child.pid)) {
      const pids = [child.pid, ...descendantPids(child.pid)];
      signal(-child.pid, 'SIGTERM');
      for (const pid of pids) signal(pid, 'SIGTERM');
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline && pids.some(isAlive)) await delay(100);
      signal(-child.pid, 'SIGKILL');
      for (const pid of pids) signal(pid, 'SIGKILL');
      await this.exited;
    }
    process.removeListener('exit', this.killOnExit);
    if (!process.env.TIDB_LAB_E2E_KEEP_TEMP) rmSync(this.rootDir, { recursive: true, force: true });
  }

  private prepareFolders(options: CodeServerOptions): void {
    for (const dir of [this.userDataDir, this.extensionsDir, this.workspaceFolder]) mkdirSync(dir, { recursive: true });
    this.writeUserSettings(options.userSettings ?? {});
    for (const [relativePath, content] of Object.entries(options.workspaceFiles ?? {})) {
      const file = join(this.workspaceFolder, relativePath);
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, content);
    }
  }

  private baseArgs(): string[] {
    return [
      codeServerEntry,
      '--config',
      join(this.rootDir, 'config.yaml'),
      '--user-data-dir',
      this.userDataDir,
      '--extensions-dir',
      this.extensionsDir,
    ];
  }

  private serverEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
    // XDG_CONFIG_HOME keeps code-server from writing ~/.config/code-server.
    return { ...process.env, XDG_CONFIG_HOME: join(this.rootDir, 'xdg-config'), XDG_DATA_HOME: join(this.rootDir, 'xdg-data'), ...extra };
  }

  /**
   * Installs the package into this server's extensions folder. code-server's installer takes a few
   * seconds of CPU per suite, so the first suite installs each package (by content) into a shared
   * folder and every suite copies that, with the paths in extensions.json made its own.
   */
  private async installExtension(vsix: string): Promise<void> {
    if (!existsSync(vsix)) throw new Error(`no extension package at ${vsix}: run \`npm run package\` first`);
    const installed = join(installedPackagesDir, createHash('sha256').update(readFileSync(vsix)).digest('hex').slice(0, 16));
    if (!existsSync(installed)) {
      mkdirSync(installedPackagesDir, { recursive: true });
      const staging = mkdtempSync(join(installedPackagesDir, 'installing-'));
      await this.runInstaller(vsix, staging);
      rewritePaths(join(staging, 'extensions.json'), staging, installed);
      try {
        renameSync(staging, installed);
      } catch (error) {
        // Another run installed the same package meanwhile; its copy is as good as ours.
        rmSync(staging, { recursive: true, force: true });
        if (!existsSync(installed)) throw error;
      }
    }
    cpSync(installed, this.extensionsDir, { recursive: true });
    rewritePaths(join(this.extensionsDir, 'extensions.json'), installed, this.extensionsDir);
  }

  private async runInstaller(vsix: string, extensionsDir: string): Promise<void> {
    try {
      const args = [...this.baseArgs(), '--install-extension', vsix, '--force'];
      args[args.indexOf('--extensions-dir') + 1] = extensionsDir;
      await execFileAsync(process.execPath, args, { env: this.serverEnv({}), timeout: 120_000 });
    } catch (error) {
      const detail = error as { stdout?: string; stderr?: string; message: string };
      throw new Error(`installing ${vsix} into code-server failed: ${detail.message}\n${detail.stdout ?? ''}\n${detail.stderr ?? ''}`);
    }
  }

  private readonly killOnExit = (): void => {
    const pid = this.process?.pid;
    if (pid === undefined) return;
    for (const descendant of descendantPids(pid)) signal(descendant, 'SIGKILL');
    signal(-pid, 'SIGKILL');
  };

  private async launch(env: Record<string, string>): Promise<void> {
    const log = createWriteStream(this.logFile);
    const child = spawn(
      process.execPath,
      [
        ...this.baseArgs(),
        '--auth',
        'none',
        '--bind-addr',
        `127.0.0.1:${this.port}`,
        '--disable-telemetry',
        '--disable-update-check',
        '--disable-workspace-trust',
        '--disable-getting-started-override',
        '--ignore-last-opened',
        this.workspaceFolder,
      ],
      // Its own process group, so that stop() reaches the extension host and helpers too.
      { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: this.serverEnv(env) },
    );
    this.process = child;
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    this.exited = new Promise((resolveExit) => child.once('exit', () => resolveExit()));
    process.once('exit', this.killOnExit);
    await this.waitUntilHealthy(child);
  }

  private async waitUntilHealthy(child: ChildProcess): Promise<void> {
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`code-server exited with code ${child.exitCode}\n${this.logTail()}`);
      try {
        const response = await fetch(`${this.baseUrl}/healthz`);
        if (response.ok) return;
      } catch {
        // Not listening yet.
      }
      await delay(200);
    }
    throw new Error(`code-server did not answer on ${this.baseUrl} within 120 s\n${this.logTail()}`);
  }

  private latestExtensionHostLog(): string | undefined {
    return this.latestLogFile((name) => name === 'remoteexthost.log');
  }

  private latestLogFile(matches: (name: string) => boolean): string | undefined {
    const logsDir = join(this.userDataDir, 'logs');
    if (!existsSync(logsDir)) return undefined;
    const found: string[] = [];
    const walk = (dir: string): void => {
      if (!existsSync(dir)) return;
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) walk(path);
        else if (matches(entry)) found.push(path);
      }
    };
    walk(logsDir);
    return found.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  }
}

/** extensions.json names each extension's folder by its absolute path. */
function rewritePaths(manifest: string, from: string, to: string): void {
  writeFileSync(manifest, readFileSync(manifest, 'utf8').split(from).join(to));
}

function tailOf(file: string, lines: number): string {
  if (!existsSync(file)) return '(no log)';
  return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
}

function delay(ms: number): Promise<void> {
  return new Promise((resolveDelay) => setTimeout(resolveDelay, ms));
}
