// Telling sysbench's connections apart on a shared server: its TCP endpoints from /proc's socket
// tables, and the processlist rows that are those endpoints (and only those) still running a statement.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseTcpTable } from '../../../src/core/bench/externalSysbench/processSockets';
import { sysbenchStatementIds } from '../../../src/core/bench/externalSysbench/sysbenchConnections';

// the shape of this machine's /proc/net/tcp: 127.0.0.1:42212 -> 127.0.0.1:3406 established, a
// listening socket, and a connection of another process (inode 999) to the same server
const TCP = [
  '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
  '   0: 0100007F:12CB 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 24158 1 00000000f4d34f25 100 0 0 10 0',
  '   4: 0100007F:A4E4 0100007F:0D4E 01 00000000:00000000 00:00000000 00000000     0        0 123456 1 00000000db1babda 20 4 30 10 -1',
  '   5: 0100007F:A4E5 0100007F:0D4E 01 00000000:00000000 00:00000000 00000000     0        0 999 1 00000000db1babda 20 4 30 10 -1',
].join('\n');
// ::1 port 50000 and an IPv4-mapped ::ffff:10.0.0.5 port 50001, both to port 4000
const TCP6 = [
  '  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
  '   0: 00000000000000000000000001000000:C350 00000000000000000000000001000000:0FA0 01 00000000:00000000 00:00000000 00000000  1000        0 777 1 0000000000000000 20 4 30 10 -1',
  '   1: 0000000000000000FFFF00000500000A:C351 0000000000000000FFFF00000600000A:0FA0 01 00000000:00000000 00:00000000 00000000  1000        0 778 1 0000000000000000 20 4 30 10 -1',
].join('\n');

describe('sysbench connections', () => {
  test("a process's established TCP connections from /proc/net/tcp and tcp6 (its inodes only)", () => {
    assert.deepEqual(parseTcpTable(TCP, new Set(['123456', '24158'])), [{ localAddress: '127.0.0.1', localPort: 42212, remotePort: 3406 }]);
    assert.deepEqual(parseTcpTable(TCP6, new Set(['777', '778'])), [
      { localAddress: '0:0:0:0:0:0:0:1', localPort: 50000, remotePort: 4000 },
      { localAddress: '10.0.0.5', localPort: 50001, remotePort: 4000 },
    ]);
  });

  test("only the processlist rows at sysbench's address and port that still run a statement", () => {
    const endpoints = [
      { localAddress: '127.0.0.1', localPort: 42212, remotePort: 3406 },
      { localAddress: '0:0:0:0:0:0:0:1', localPort: 50000, remotePort: 3406 },
    ];
    const rows = [
      { id: 11, host: '127.0.0.1:42212', command: 'Execute' },
      // the same port from another machine: not sysbench's
      { id: 12, host: '10.1.1.1:42212', command: 'Query' },
      // another client on this machine
      { id: 13, host: '127.0.0.1:42213', command: 'Query' },
      // sysbench's, idle: the server closes it when it reads the end of the connection
      { id: 14, host: '127.0.0.1:42212', command: 'Sleep' },
      { id: 15, host: '::1:50000', command: 'Query' },
      { id: 16, host: '[::1]:50000', command: 'Query' },
      // a server that resolves names shows one instead of the address: the port decides
      { id: 17, host: 'localhost:42212', command: 'Query' },
      // a Unix socket: no port, never matched
      { id: 18, host: 'localhost', command: 'Query' },
      { id: '18446744073709551615', host: '127.0.0.1:42212', command: 'Query' },
    ];
    assert.deepEqual(sysbenchStatementIds(rows, endpoints), [11n, 15n, 16n, 17n, 18446744073709551615n]);
    assert.deepEqual(sysbenchStatementIds(rows, []), []);
  });
});
