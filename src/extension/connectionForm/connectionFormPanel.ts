// The host side of the Add / Edit / Duplicate Connection form: tests a connection without saving,
// saves the profile to globalState and the password to SecretStorage, picks a CA file. It never
// sends a password to the webview.
import { dirname } from 'node:path';
import * as vscode from 'vscode';
import { validateProfile, type ConnectionProfile } from '../../core/db/connectionProfile';
import { ConnectionFailure } from '../../core/db/databaseSession';
import { serverDisplayName } from '../../core/db/serverFlavor';
import {
  draftFromProfile,
  emptyDraft,
  isConnectionDraft,
  profileFromDraft,
  type ConnectionDraft,
  type ConnectionFormMode,
  type ConnectionFormProtocol,
  type ConnectionTestResult,
} from '../../protocol/connectionForm';
import type { ConnectionManager, SessionOpener } from '../connections/connectionManager';
import { newProfileId, type ConnectionStore, type PasswordUpdate } from '../connections/connectionStore';
import type { ExtensionLog } from '../log/extensionLog';
import { tlsDescription } from '../explorer/serverNode';
import { TypedWebviewPanel } from '../webviews/typedWebviewPanel';
import { connectionFormStrings } from './connectionFormStrings';

export const CONNECTION_FORM_VIEW_TYPE = 'tidbLab.connectionForm';

export interface ConnectionFormDependencies {
  extensionUri: vscode.Uri;
  store: ConnectionStore;
  manager: ConnectionManager;
  openSession: SessionOpener;
  log: ExtensionLog;
  /** called with the saved profile's id */
  onSaved(profileId: string): void;
}

const openForms = new Map<string, TypedWebviewPanel<ConnectionFormProtocol>>();

/**
 * Opens the form. `source` is the profile to edit or duplicate; without it the form adds a new one.
 * Editing the same profile twice reveals the open form.
 */
export async function openConnectionForm(
  deps: ConnectionFormDependencies,
  mode: ConnectionFormMode,
  source?: ConnectionProfile,
): Promise<void> {
  const formKey = mode === 'edit' && source ? `edit:${source.id}` : `${mode}:${newProfileId()}`;
  const existing = openForms.get(formKey);
  if (existing) {
    existing.reveal();
    return;
  }
  const profileId = mode === 'edit' && source ? source.id : newProfileId();
  const hasStoredPassword = source !== undefined && source.passwordMode === 'secretStorage' && (await deps.store.hasPassword(source.id));
  const strings = connectionFormStrings();
  const title = { add: strings.headingAdd, edit: strings.headingEdit, duplicate: strings.headingDuplicate }[mode];
  const panel = TypedWebviewPanel.create<ConnectionFormProtocol>(
    deps.extensionUri,
    {
      viewType: CONNECTION_FORM_VIEW_TYPE,
      title: source ? `${title}: ${source.name}` : title,
      bundle: 'connectionForm',
      contentMessage: 'init',
      // The typed password is deliberately not in the webview state (VS Code writes that to disk),
      // so the page must stay alive while the user looks elsewhere, e.g. to copy the password.
      retainContextWhenHidden: true,
      iconPath: {
        light: vscode.Uri.joinPath(deps.extensionUri, 'media', 'tidb-lab-light.svg'),
        dark: vscode.Uri.joinPath(deps.extensionUri, 'media', 'tidb-lab-dark.svg'),
      },
    },
    deps.log,
  );
  openForms.set(formKey, panel);
  panel.onDidDispose(() => openForms.delete(formKey));

  const draft: ConnectionDraft = source
    ? { ...draftFromProfile(source), name: mode === 'duplicate' ? vscode.l10n.t('{0} (copy)', source.name) : source.name }
    : emptyDraft();
  /** where an empty password field takes the password from */
  const keptPassword = (): PasswordUpdate =>
    source && hasStoredPassword ? (mode === 'edit' ? { kind: 'keep' } : { kind: 'copyFrom', profileId: source.id }) : { kind: 'keep' };

  panel.on('ready', () => panel.post('init', { mode, draft, hasStoredPassword, strings }));

  /** The settings (and password typed) of the last test that connected: saving exactly these connects. */
  let lastGoodTest: string | undefined;
  const testedKey = (tested: ConnectionDraft, password: string): string => JSON.stringify([tested, password]);

  panel.on('test', async (payload) => {
    if (!isConnectionDraft(payload?.draft) || typeof payload.password !== 'string') return;
    const profile = checkedProfile(payload.draft, profileId);
    if (!Array.isArray(profile)) {
      panel.post('testStarted', null);
      const password =
        payload.password !== '' || !source || !hasStoredPassword ? payload.password : ((await deps.store.getPassword(source.id)) ?? '');
      const result = await testConnection(deps, profile, password);
      lastGoodTest = result.ok ? testedKey(payload.draft, payload.password) : undefined;
      panel.post('testResult', result);
    } else {
      panel.post('problems', { problems: profile });
    }
  });

  panel.on('save', async (payload) => {
    if (!isConnectionDraft(payload?.draft) || typeof payload.password !== 'string') return;
    const profile = checkedProfile(payload.draft, profileId);
    if (Array.isArray(profile)) {
      panel.post('problems', { problems: profile });
      return;
    }
    const password: PasswordUpdate = payload.password !== '' ? { kind: 'set', password: payload.password } : keptPassword();
    try {
      await deps.store.save(profile, password);
    } catch (error) {
      panel.post('problems', { problems: [error instanceof Error ? error.message : String(error)] });
      return;
    }
    deps.log.info(`Saved connection ${profile.name} (${mode}).`);
    panel.dispose();
    deps.manager.forgetProblem(profile.id);
    const tested = lastGoodTest === testedKey(payload.draft, payload.password);
    if (mode === 'edit' && deps.manager.sessionFor(profile.id)) {
      // The open session still uses the old settings.
      await deps.manager.disconnect(profile.id);
      await deps.manager.connect(profile.id, { password: payload.password || undefined });
    } else if (tested) {
      // The test just connected with these settings: the user means to use them now.
      await deps.manager.connect(profile.id, { password: payload.password || undefined });
    }
    deps.onSaved(profile.id);
  });

  panel.on('pickCaFile', async (payload) => {
    const current = typeof payload?.current === 'string' ? payload.current.trim() : '';
    const picked = await vscode.window.showOpenDialog({
      title: vscode.l10n.t('CA certificate that signed the server certificate'),
      canSelectFiles: true,
      canSelectFolders: false,
      canSelectMany: false,
      defaultUri: current ? vscode.Uri.file(dirname(current)) : undefined,
      filters: { [vscode.l10n.t('PEM certificates')]: ['pem', 'crt', 'cer'], [vscode.l10n.t('All files')]: ['*'] },
    });
    if (picked?.[0]) panel.post('caFilePicked', { path: picked[0].fsPath });
  });

  panel.on('cancel', () => panel.dispose());
}

/** The profile, or the problems that keep it from being one. */
function checkedProfile(draft: ConnectionDraft, id: string): ConnectionProfile | string[] {
  const candidate = profileFromDraft(draft, id);
  const problems = validateProfile(candidate);
  return problems.length > 0 ? problems : (candidate as ConnectionProfile);
}

async function testConnection(
  deps: ConnectionFormDependencies,
  profile: ConnectionProfile,
  password: string,
): Promise<ConnectionTestResult> {
  const started = performance.now();
  try {
    const session = await deps.openSession(profile, password);
    const elapsed = performance.now() - started;
    await session.close();
    deps.log.info(`Test connection to ${profile.name} succeeded: ${serverDisplayName(session.identity)}.`);
    return {
      ok: true,
      title: vscode.l10n.t('Connected to {0}.', serverDisplayName(session.identity)),
      detail: vscode.l10n.t(
        '{0}:{1} answered in {2} ms as {3} ({4}). Save to keep this connection.',
        profile.host,
        profile.port,
        elapsed.toFixed(0),
        profile.user,
        tlsDescription(profile),
      ),
    };
  } catch (error) {
    if (!(error instanceof ConnectionFailure)) {
      // Not a connection problem but a bug: still answer the form, which otherwise waits forever.
      const message = error instanceof Error ? error.message : String(error);
      deps.log.error(
        `Test connection to ${profile.name} failed unexpectedly: ${error instanceof Error ? (error.stack ?? message) : message}`,
      );
      return {
        ok: false,
        title: vscode.l10n.t('The test failed unexpectedly: {0}', message),
        nextStep: vscode.l10n.t('Show the TiDB Lab log for details.'),
        detail: { source: 'client', text: message },
      };
    }
    const problem = error.problem;
    deps.log.warn(`Test connection to ${profile.name} failed (${problem.kind}): ${problem.serverMessage}`);
    return { ok: false, title: problem.title, nextStep: problem.nextStep, detail: problem.detail };
  }
}
