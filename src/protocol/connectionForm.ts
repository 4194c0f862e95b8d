// The connection form panel: the values it edits, the messages it exchanges, and the conversion
// between the form's text fields and a ConnectionProfile. The password travels only from the
// webview to the host (to test or save it); the host never sends a password back.
import {
  DEFAULT_TIDB_PORT,
  defaultTlsModeFor,
  type ConnectionProfile,
  type PasswordMode,
  type TlsMode,
} from '../core/db/connectionProfile';
import type { PanelProtocol } from './webviewProtocol';

/** The form's fields as typed: text, so that a bad port is kept and explained rather than lost. */
export interface ConnectionDraft {
  name: string;
  host: string;
  port: string;
  user: string;
  database: string;
  tls: TlsMode;
  caFile: string;
  passwordMode: PasswordMode;
}

export type ConnectionFormMode = 'add' | 'edit' | 'duplicate';

export type ConnectionTestResult =
  | { ok: true; title: string; detail: string }
  | { ok: false; title: string; nextStep: string; detail: { source: 'server' | 'system' | 'client'; text: string } };

export interface ConnectionFormInit {
  mode: ConnectionFormMode;
  draft: ConnectionDraft;
  /** true when editing a profile whose password is in SecretStorage: an empty field keeps it */
  hasStoredPassword: boolean;
  strings: ConnectionFormStrings;
}

export interface ConnectionFormToWebview {
  init: ConnectionFormInit;
  testStarted: null;
  testResult: ConnectionTestResult;
  /** problems the host found with the values; the form keeps everything the user typed */
  problems: { problems: string[] };
  caFilePicked: { path: string };
}

export interface ConnectionFormToHost {
  test: { draft: ConnectionDraft; password: string };
  save: { draft: ConnectionDraft; password: string };
  pickCaFile: { current: string };
  cancel: null;
}

export type ConnectionFormProtocol = PanelProtocol<ConnectionFormToWebview, ConnectionFormToHost>;

/** Every text the form shows, localized by the host (vscode.l10n is not available in a webview). */
export interface ConnectionFormStrings {
  headingAdd: string;
  headingEdit: string;
  headingDuplicate: string;
  intro: string;
  name: string;
  namePlaceholder: string;
  host: string;
  hostPlaceholder: string;
  tidbCloudHint: string;
  port: string;
  user: string;
  userPlaceholder: string;
  password: string;
  passwordKeepPlaceholder: string;
  passwordMode: string;
  passwordModeSecretStorage: string;
  passwordModeAsk: string;
  passwordModeEmpty: string;
  database: string;
  databasePlaceholder: string;
  tls: string;
  tlsOff: string;
  tlsRequired: string;
  tlsVerify: string;
  caFile: string;
  caFilePlaceholder: string;
  browse: string;
  test: string;
  testing: string;
  save: string;
  cancel: string;
  nextStep: string;
  serverSaid: string;
  systemSaid: string;
  clientSaid: string;
  problemsHeading: string;
}

export function emptyDraft(): ConnectionDraft {
  return {
    name: '',
    host: '127.0.0.1',
    port: String(DEFAULT_TIDB_PORT),
    user: 'root',
    database: '',
    tls: defaultTlsModeFor('127.0.0.1'),
    caFile: '',
    passwordMode: 'secretStorage',
  };
}

export function draftFromProfile(profile: ConnectionProfile): ConnectionDraft {
  return {
    name: profile.name,
    host: profile.host,
    port: String(profile.port),
    user: profile.user,
    database: profile.database ?? '',
    tls: profile.tls,
    caFile: profile.caFile ?? '',
    passwordMode: profile.passwordMode,
  };
}

/** Trims the text fields; the port becomes a number only when it is one (validateProfile explains otherwise). */
export function profileFromDraft(draft: ConnectionDraft, id: string): Partial<ConnectionProfile> & { id: string } {
  const portText = draft.port.trim();
  const port = /^\d+$/.test(portText) ? Number(portText) : Number.NaN;
  const database = draft.database.trim();
  const caFile = draft.tls === 'verify' ? draft.caFile.trim() : '';
  return {
    id,
    name: draft.name.trim(),
    host: draft.host.trim(),
    port,
    user: draft.user.trim(),
    database: database === '' ? undefined : database,
    tls: draft.tls,
    caFile: caFile === '' ? undefined : caFile,
    passwordMode: draft.passwordMode,
  };
}

/** Accepts only the shape the form sends: a webview is not trusted. */
export function isConnectionDraft(value: unknown): value is ConnectionDraft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Record<string, unknown>;
  const texts = ['name', 'host', 'port', 'user', 'database', 'caFile'].every((key) => typeof draft[key] === 'string');
  return (
    texts &&
    ['off', 'required', 'verify'].includes(draft.tls as string) &&
    ['secretStorage', 'ask', 'empty'].includes(draft.passwordMode as string)
  );
}
