// Team-shared connection definitions from the `tidbLab.connections` setting. They hold no
// password (one found there is refused, with the reason); their id comes from their name, so the
// password stored for one in SecretStorage survives reordering the list.
import {
  DEFAULT_TIDB_PORT,
  defaultTlsModeFor,
  validateProfile,
  type ConnectionProfile,
  type PasswordMode,
  type TlsMode,
} from '../../core/db/connectionProfile';
import { isSecretKey } from '../../core/results/redactSecrets';

export const SETTINGS_ID_PREFIX = 'settings:';

export interface InvalidSettingsConnection {
  /** position in the setting's array, from 0 */
  index: number;
  /** the entry's name when it has one, else "entry N" */
  label: string;
  problems: string[];
}

export interface SettingsConnections {
  profiles: ConnectionProfile[];
  invalid: InvalidSettingsConnection[];
}

export function isSettingsProfileId(id: string): boolean {
  return id.startsWith(SETTINGS_ID_PREFIX);
}

export function readSettingsConnections(value: unknown): SettingsConnections {
  const result: SettingsConnections = { profiles: [], invalid: [] };
  if (value === undefined || value === null) return result;
  if (!Array.isArray(value)) {
    result.invalid.push({
      index: 0,
      label: 'tidbLab.connections',
      problems: ['The setting must be a list of connections: [ { "name": ..., "host": ..., ... } ].'],
    });
    return result;
  }
  const usedIds = new Set<string>();
  value.forEach((entry: unknown, index) => {
    const label = entryLabel(entry, index);
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      result.invalid.push({ index, label, problems: ['Each connection must be an object with name, host, port and user.'] });
      return;
    }
    const fields = entry as Record<string, unknown>;
    const problems: string[] = [];
    const secretKeys = Object.keys(fields).filter((key) => isSecretKey(key) && key !== 'passwordMode');
    if (secretKeys.length > 0) {
      problems.push(
        `Remove "${secretKeys.join('", "')}" from the setting: passwords do not belong in settings. TiDB Lab asks for the password on connect and keeps it in VS Code's secret storage.`,
      );
    }
    const profile = profileFromFields(fields, problems);
    problems.push(...validateProfile(profile));
    if (problems.length > 0) {
      result.invalid.push({ index, label, problems });
      return;
    }
    const baseId = `${SETTINGS_ID_PREFIX}${profile.name}`;
    let id = baseId;
    for (let n = 2; usedIds.has(id); n++) id = `${baseId}#${n}`;
    usedIds.add(id);
    result.profiles.push({ ...profile, id });
  });
  return result;
}

function profileFromFields(fields: Record<string, unknown>, problems: string[]): ConnectionProfile {
  const text = (key: string): string | undefined => {
    const value = fields[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'string') return value.trim();
    if (typeof value === 'number') return String(value);
    problems.push(`"${key}" must be text.`);
    return undefined;
  };
  const host = text('host') ?? '';
  const portValue = fields.port;
  const port = portValue === undefined || portValue === null || portValue === '' ? DEFAULT_TIDB_PORT : Number(portValue);
  const database = text('database');
  const caFile = text('caFile');
  return {
    id: '',
    name: text('name') ?? '',
    host,
    port,
    user: text('user') ?? '',
    database: database ? database : undefined,
    tls: (text('tls') as TlsMode | undefined) ?? defaultTlsModeFor(host),
    caFile: caFile ? caFile : undefined,
    passwordMode: passwordModeOf(fields.passwordMode, problems),
  };
}

function passwordModeOf(value: unknown, problems: string[]): PasswordMode {
  if (value === undefined || value === null) return 'secretStorage';
  if (value === 'secretStorage' || value === 'ask' || value === 'empty') return value;
  problems.push(`Unknown passwordMode '${String(value)}': use secretStorage, ask or empty.`);
  return 'secretStorage';
}

function entryLabel(entry: unknown, index: number): string {
  const name = typeof entry === 'object' && entry !== null ? (entry as { name?: unknown }).name : undefined;
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : `entry ${index + 1}`;
}
