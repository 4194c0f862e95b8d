// Which server we talk to, from SELECT VERSION(). The TiDB pattern comes from tidb-facts.md.

export type ServerFlavor = 'tidb' | 'mariadb' | 'mysql' | 'unknown';

export interface ServerIdentity {
  flavor: ServerFlavor;
  /** e.g. "8.5.1" for TiDB (its own version, not the MySQL one it reports), "10.11.19" for MariaDB */
  version: string;
  /** TiDB only: the suffix after the version, e.g. "serverless" */
  edition?: string;
  /** TiDB Cloud Serverless/Starter: cluster_info and TiKV store status are not available */
  isTiDBCloudServerless: boolean;
  /** the raw VERSION() string */
  versionString: string;
}

const TIDB_VERSION_PATTERN = /-TiDB-v(\d+\.\d+\.\d+)(?:-(\S+))?/;
const MARIADB_VERSION_PATTERN = /^(\d+\.\d+\.\d+)-MariaDB/i;
const PLAIN_VERSION_PATTERN = /^(\d+\.\d+\.\d+)/;

export function identifyServer(versionString: string): ServerIdentity {
  const tidb = TIDB_VERSION_PATTERN.exec(versionString);
  if (tidb) {
    const edition = tidb[2];
    return {
      flavor: 'tidb',
      version: tidb[1],
      edition,
      isTiDBCloudServerless: edition !== undefined && /serverless|starter/i.test(edition),
      versionString,
    };
  }
  const mariadb = MARIADB_VERSION_PATTERN.exec(versionString);
  if (mariadb) return { flavor: 'mariadb', version: mariadb[1], isTiDBCloudServerless: false, versionString };
  const plain = PLAIN_VERSION_PATTERN.exec(versionString);
  if (plain) return { flavor: 'mysql', version: plain[1], isTiDBCloudServerless: false, versionString };
  return { flavor: 'unknown', version: versionString, isTiDBCloudServerless: false, versionString };
}

export function serverDisplayName(identity: ServerIdentity): string {
  switch (identity.flavor) {
    case 'tidb':
      return `TiDB v${identity.version}${identity.edition ? ` (${identity.edition})` : ''}`;
    case 'mariadb':
      return `MariaDB ${identity.version}`;
    case 'mysql':
      return `MySQL ${identity.version}`;
    default:
      return `Unknown server ${identity.versionString}`;
  }
}

/** Compares dotted versions numerically: negative when a < b. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const pb = b.split('.').map((part) => Number.parseInt(part, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

export function isAtLeast(identity: ServerIdentity, version: string): boolean {
  return compareVersions(identity.version, version) >= 0;
}
