// Where connections live: the user's own profiles in globalState (never a password), team-shared
// ones from the `tidbLab.connections` setting, and passwords in SecretStorage keyed by profile id.
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { validateProfile, type ConnectionProfile } from '../../core/db/connectionProfile';
import { isSettingsProfileId, readSettingsConnections, type InvalidSettingsConnection } from './settingsConnections';

export type ConnectionSource = 'personal' | 'settings';

export interface StoredConnection {
  profile: ConnectionProfile;
  source: ConnectionSource;
}

export type PasswordUpdate = { kind: 'keep' } | { kind: 'set'; password: string } | { kind: 'copyFrom'; profileId: string };

export const PROFILES_STATE_KEY = 'tidbLab.connectionProfiles';
export const CONNECTIONS_SETTING = 'tidbLab.connections';
const PASSWORD_SECRET_PREFIX = 'tidbLab.password.';

export function passwordSecretKey(profileId: string): string {
  return PASSWORD_SECRET_PREFIX + profileId;
}

export function newProfileId(): string {
  return randomUUID();
}

export class ConnectionStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[] = [this.changed];

  constructor(
    private readonly globalState: vscode.Memento,
    private readonly secrets: vscode.SecretStorage,
  ) {
    this.subscriptions.push(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(CONNECTIONS_SETTING)) this.changed.fire();
      }),
    );
  }

  /** Personal profiles first (in the order they were added), then the ones from settings. */
  all(): StoredConnection[] {
    return [
      ...this.personalProfiles().map((profile) => ({ profile, source: 'personal' as const })),
      ...this.settingsConnections().profiles.map((profile) => ({ profile, source: 'settings' as const })),
    ];
  }

  invalidSettingsEntries(): InvalidSettingsConnection[] {
    return this.settingsConnections().invalid;
  }

  get(id: string): StoredConnection | undefined {
    return this.all().find((connection) => connection.profile.id === id);
  }

  /** Adds or replaces a personal profile. Throws with the problems when it is not valid. */
  async save(profile: ConnectionProfile, password: PasswordUpdate): Promise<void> {
    if (isSettingsProfileId(profile.id)) throw new Error('This connection is defined in settings (tidbLab.connections): change it there.');
    const problems = validateProfile(profile);
    if (problems.length > 0) throw new Error(problems.join(' '));
    const clean = cleanProfile(profile);
    if (clean.passwordMode !== 'secretStorage') {
      await this.forgetPassword(clean.id);
    } else if (password.kind === 'set') {
      await this.storePassword(clean.id, password.password);
    } else if (password.kind === 'copyFrom') {
      const copied = await this.getPassword(password.profileId);
      if (copied !== undefined) await this.storePassword(clean.id, copied);
    }
    const profiles = this.personalProfiles();
    const index = profiles.findIndex((existing) => existing.id === clean.id);
    if (index >= 0) profiles[index] = clean;
    else profiles.push(clean);
    await this.globalState.update(PROFILES_STATE_KEY, profiles);
    this.changed.fire();
  }

  async remove(id: string): Promise<void> {
    if (isSettingsProfileId(id)) throw new Error('This connection is defined in settings (tidbLab.connections): remove it there.');
    await this.globalState.update(
      PROFILES_STATE_KEY,
      this.personalProfiles().filter((profile) => profile.id !== id),
    );
    await this.forgetPassword(id);
    this.changed.fire();
  }

  async getPassword(id: string): Promise<string | undefined> {
    return this.secrets.get(passwordSecretKey(id));
  }

  async hasPassword(id: string): Promise<boolean> {
    return (await this.getPassword(id)) !== undefined;
  }

  async storePassword(id: string, password: string): Promise<void> {
    await this.secrets.store(passwordSecretKey(id), password);
  }

  async forgetPassword(id: string): Promise<void> {
    await this.secrets.delete(passwordSecretKey(id));
  }

  dispose(): void {
    for (const subscription of this.subscriptions.splice(0)) subscription.dispose();
  }

  private personalProfiles(): ConnectionProfile[] {
    const stored = this.globalState.get<unknown>(PROFILES_STATE_KEY, []);
    if (!Array.isArray(stored)) return [];
    return stored.filter(isStoredProfile).map(cleanProfile);
  }

  private settingsConnections() {
    return readSettingsConnections(vscode.workspace.getConfiguration().get<unknown>(CONNECTIONS_SETTING));
  }
}

/** Only the known fields: nothing else (a password least of all) reaches globalState. */
function cleanProfile(profile: ConnectionProfile): ConnectionProfile {
  return {
    id: profile.id,
    name: profile.name.trim(),
    host: profile.host.trim(),
    port: profile.port,
    user: profile.user.trim(),
    ...(profile.database ? { database: profile.database.trim() } : {}),
    tls: profile.tls,
    ...(profile.caFile && profile.tls === 'verify' ? { caFile: profile.caFile.trim() } : {}),
    passwordMode: profile.passwordMode,
  };
}

function isStoredProfile(value: unknown): value is ConnectionProfile {
  if (typeof value !== 'object' || value === null) return false;
  const profile = value as Partial<ConnectionProfile>;
  return (
    typeof profile.id === 'string' &&
    typeof profile.name === 'string' &&
    typeof profile.host === 'string' &&
    typeof profile.port === 'number' &&
    typeof profile.user === 'string' &&
    (profile.tls === 'off' || profile.tls === 'required' || profile.tls === 'verify') &&
    (profile.passwordMode === 'secretStorage' || profile.passwordMode === 'ask' || profile.passwordMode === 'empty')
  );
}
