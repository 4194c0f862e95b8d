// TLS for every connection TiDB Lab makes (mysql2 sessions, the benchmark client, sysbench): one
// reading of a profile's TLS mode and of the PEM files, so the two clients cannot drift apart.
import { readFileSync } from 'node:fs';
import type { SslOptions } from 'mysql2';
import type { ConnectionProfile } from './connectionProfile';

/** sysbench's --mysql-ssl names: 'required' encrypts without checking the certificate. */
export type TlsMode = 'preferred' | 'required' | 'verify_ca' | 'verify_identity';

export interface TlsFiles {
  mode: TlsMode;
  caFile?: string;
  certFile?: string;
  keyFile?: string;
  cipher?: string;
}

export interface TlsMaterial {
  mode: TlsMode;
  ca?: Buffer;
  cert?: Buffer;
  key?: Buffer;
  ciphers?: string;
}

export type ReadFile = (path: string) => Buffer;

/** A profile's TLS: 'verify' checks the certificate and the host name (verify_identity); the CA path trimmed. */
export function tlsOfProfile(profile: Pick<ConnectionProfile, 'tls' | 'caFile'>): TlsFiles | undefined {
  switch (profile.tls) {
    case 'off':
      return undefined;
    case 'required':
      return { mode: 'required' };
    case 'verify': {
      const caFile = profile.caFile?.trim();
      return caFile ? { mode: 'verify_identity', caFile } : { mode: 'verify_identity' };
    }
  }
}

/** The PEM files read, each failure naming the file and what it is. */
export function readTlsMaterial(tls: TlsFiles, readFile: ReadFile = readFileSync): TlsMaterial {
  return {
    mode: tls.mode,
    ...(tls.caFile ? { ca: readPem(tls.caFile, 'CA', readFile) } : {}),
    ...(tls.certFile ? { cert: readPem(tls.certFile, 'client certificate', readFile) } : {}),
    ...(tls.keyFile ? { key: readPem(tls.keyFile, 'client key', readFile) } : {}),
    ...(tls.cipher ? { ciphers: tls.cipher } : {}),
  };
}

/** mysql2's ssl options for the material (TLS 1.2 at least, as TiDB Cloud asks). */
export function mysql2TlsOptions(material: TlsMaterial): SslOptions {
  const verify = material.mode === 'verify_ca' || material.mode === 'verify_identity';
  return {
    minVersion: 'TLSv1.2',
    rejectUnauthorized: verify,
    ...(material.ca ? { ca: material.ca } : {}),
    ...(material.cert ? { cert: material.cert } : {}),
    ...(material.key ? { key: material.key } : {}),
    ...(material.ciphers ? { ciphers: material.ciphers } : {}),
  };
}

function readPem(path: string, what: string, readFile: ReadFile): Buffer {
  try {
    return readFile(path);
  } catch (error) {
    throw new Error(`Cannot read the ${what} file '${path}': ${error instanceof Error ? error.message : String(error)}`);
  }
}
