// Where the benchmark connects: a small plain object the VS Code layer and the CLI both fill.
// The password is only used to connect; it never goes into a result, a log line or an error.
import type { ConnectionProfile } from '../db/connectionProfile';
import { readTlsMaterial } from '../db/connectionTls';
import { profileEndpoint } from '../db/profileEndpoint';
import type { ConnectionOptionValues, TlsSetting } from './benchOptions';
import type { LeanConnectOptions, LeanTlsOptions } from './mysqlWire/leanMysqlConnection';

export interface BenchSslSettings {
  /** 'required' encrypts without checking the certificate; the verify modes check it against caFile (or Node's CA store) */
  mode: Exclude<TlsSetting, 'disabled'>;
  caFile?: string;
  certFile?: string;
  keyFile?: string;
  cipher?: string;
}

export interface BenchConnectionSettings {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  ssl?: BenchSslSettings;
  /**
   * Every host and port given (`--mysql-host=a,b`), when more than one: threads and writers are
   * spread over them in turn, as sysbench does. host/port are the first, for admin work.
   */
  hosts?: string[];
  ports?: number[];
}

export function settingsFromOptions(values: ConnectionOptionValues): BenchConnectionSettings {
  return {
    host: values.hosts[0],
    port: values.ports[0],
    user: values.user,
    password: values.password,
    database: values.database,
    ssl:
      values.tls === 'disabled'
        ? undefined
        : { mode: values.tls, caFile: values.caFile, certFile: values.certFile, keyFile: values.keyFile, cipher: values.cipher },
    ...(values.hosts.length > 1 ? { hosts: [...values.hosts] } : {}),
    ...(values.ports.length > 1 ? { ports: [...values.ports] } : {}),
  };
}

export function connectionOptionValues(settings: BenchConnectionSettings): ConnectionOptionValues {
  return {
    hosts: settings.hosts && settings.hosts.length > 0 ? [...settings.hosts] : [settings.host],
    ports: settings.ports && settings.ports.length > 0 ? [...settings.ports] : [settings.port],
    user: settings.user,
    password: settings.password,
    database: settings.database,
    tls: settings.ssl?.mode ?? 'disabled',
    caFile: settings.ssl?.caFile,
    certFile: settings.ssl?.certFile,
    keyFile: settings.ssl?.keyFile,
    cipher: settings.ssl?.cipher,
  };
}

/** Where a benchmark on a saved connection connects: the profile's endpoint (as mysql2 sessions reach it), the benchmark's database. */
export function benchSettingsFromProfile(profile: ConnectionProfile, password: string, database: string): BenchConnectionSettings {
  const { host, port, user, tls } = profileEndpoint(profile);
  return {
    host,
    port,
    user,
    password,
    database,
    ...(tls ? { ssl: { mode: tls.mode, ...(tls.caFile ? { caFile: tls.caFile } : {}) } } : {}),
  };
}

/** Connection options for every (host, port) pair, in the round-robin order threads take them. */
export function leanConnectTargets(values: ConnectionOptionValues): LeanConnectOptions[] {
  const tls: LeanTlsOptions | undefined =
    values.tls === 'disabled'
      ? undefined
      : readTlsMaterial({
          mode: values.tls,
          caFile: values.caFile,
          certFile: values.certFile,
          keyFile: values.keyFile,
          cipher: values.cipher,
        });
  const targets: LeanConnectOptions[] = [];
  for (const host of values.hosts) {
    for (const port of values.ports) {
      targets.push({
        host,
        port,
        socketPath: values.socket,
        user: values.user,
        password: values.password,
        database: values.database || undefined,
        tls,
      });
    }
  }
  return targets;
}

/** The same server as a connection profile of src/core/db, for the mysql2 session used for admin work. */
export function adminProfile(values: ConnectionOptionValues): ConnectionProfile {
  const verify = values.tls === 'verify_ca' || values.tls === 'verify_identity';
  return {
    id: 'tidb-lab-bench',
    name: 'tidb-lab bench',
    host: values.hosts[0],
    port: values.ports[0],
    user: values.user,
    database: values.database || undefined,
    tls: values.tls === 'disabled' ? 'off' : verify ? 'verify' : 'required',
    caFile: verify ? values.caFile : undefined,
    passwordMode: 'empty',
  };
}
