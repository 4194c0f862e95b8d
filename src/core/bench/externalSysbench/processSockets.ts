// The TCP connections a process has open, from Linux's /proc: its socket inodes (/proc/PID/fd) and
// the kernel's socket tables as that process sees them (/proc/PID/net/tcp and tcp6). The server
// sees each such connection as the process's address and port: that is how sysbench's connections
// are told apart from everyone else's on a shared server (sysbenchConnections.ts).
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';

export interface TcpEndpoint {
  /** this end's address: dotted IPv4, or IPv6 in lower-case hex groups (an IPv4-mapped one as dotted IPv4) */
  localAddress: string;
  localPort: number;
  remotePort: number;
}

/** The process's established TCP connections towards one of `remotePorts`; [] where /proc cannot tell (not Linux, process gone). */
export function tcpConnectionsOf(pid: number, remotePorts: readonly number[]): TcpEndpoint[] {
  const inodes = socketInodes(pid);
  if (inodes.size === 0) return [];
  const found: TcpEndpoint[] = [];
  for (const table of ['tcp', 'tcp6']) {
    let text: string;
    try {
      text = readFileSync(`/proc/${pid}/net/${table}`, 'utf8');
    } catch {
      continue;
    }
    for (const endpoint of parseTcpTable(text, inodes)) if (remotePorts.includes(endpoint.remotePort)) found.push(endpoint);
  }
  return found;
}

function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  let entries: string[];
  try {
    entries = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return inodes;
  }
  for (const entry of entries) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${entry}`));
      if (match) inodes.add(match[1]);
    } catch {
      // closed while we looked
    }
  }
  return inodes;
}

const ESTABLISHED = '01';

/** The rows of a /proc/net/tcp or tcp6 table whose socket inode is one of `inodes` and that are established. */
export function parseTcpTable(text: string, inodes: ReadonlySet<string>): TcpEndpoint[] {
  const endpoints: TcpEndpoint[] = [];
  for (const line of text.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 10 || fields[3] !== ESTABLISHED || !inodes.has(fields[9])) continue;
    const local = endpointParts(fields[1]);
    const remote = endpointParts(fields[2]);
    if (local && remote) endpoints.push({ localAddress: local.address, localPort: local.port, remotePort: remote.port });
  }
  return endpoints;
}

function endpointParts(field: string): { address: string; port: number } | undefined {
  const match = /^([0-9A-F]{8}|[0-9A-F]{32}):([0-9A-F]{4})$/i.exec(field);
  if (!match) return undefined;
  return { address: addressOf(match[1]), port: parseInt(match[2], 16) };
}

/** The kernel prints each 32-bit word of an address in host byte order (little-endian on x86 and ARM). */
function addressOf(hex: string): string {
  const words = hex.match(/.{8}/g) ?? [];
  const bytes = words.flatMap((word) => (word.match(/../g) ?? []).reverse().map((byte) => parseInt(byte, 16)));
  if (bytes.length === 4) return bytes.join('.');
  const mapped = bytes.slice(0, 10).every((byte) => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  if (mapped) return bytes.slice(12).join('.');
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i] << 8) | bytes[i + 1]).toString(16));
  return groups.join(':');
}
