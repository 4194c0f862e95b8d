// What `tiup playground` prints (TiUP v1.16.5 source; file names in src/core/tiup/playgroundOutput.ts),
// with a terminal's colours and title, and without a terminal (progress bars as repeated lines).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  PlaygroundOutputReader,
  readPlaygroundLine,
  stripTerminalCodes,
  type PlaygroundOutputEvent,
} from '../../../src/core/tiup/playgroundOutput';

function kinds(events: PlaygroundOutputEvent[]): string[] {
  return events.map((event) => event.kind);
}

test('the banner and the lines after it give where TiDB listens, the dashboard and Grafana', () => {
  const reader = new PlaygroundOutputReader();
  const events = reader.push(
    [
      '',
      '🎉 TiDB Playground Cluster is started, enjoy!',
      '',
      'Connect TiDB:    mysql --comments --host 127.0.0.1 --port 4000 -u root',
      'TiDB Dashboard:  http://127.0.0.1:2379/dashboard',
      'Grafana:         http://127.0.0.1:3000',
      '',
    ].join('\n'),
  );
  assert.deepEqual(
    events.filter((event) => event.kind !== 'step'),
    [
      { kind: 'started' },
      { kind: 'tidbEndpoint', endpoint: { host: '127.0.0.1', port: 4000 } },
      { kind: 'dashboard', url: 'http://127.0.0.1:2379/dashboard' },
      { kind: 'grafana', url: 'http://127.0.0.1:3000' },
    ],
  );
});

test('another port when 4000 was taken, and the older "mysql --host" form without --comments', () => {
  assert.deepEqual(readPlaygroundLine('Connect TiDB: mysql --comments --host 127.0.0.1 --port 58014 -u root'), [
    { kind: 'tidbEndpoint', endpoint: { host: '127.0.0.1', port: 58014 } },
  ]);
  assert.deepEqual(readPlaygroundLine('Connect TiDB:    mysql --host 127.0.0.1 --port 4000 -u root'), [
    { kind: 'tidbEndpoint', endpoint: { host: '127.0.0.1', port: 4000 } },
  ]);
});

test('colours, a window title and lines split across chunks are read as the plain lines', () => {
  const reader = new PlaygroundOutputReader();
  const colored =
    '\u001b]0;TiUP Playground: tidb-lab\u0007\u001b[90mStart pd instance: v8.5.1\u001b[0m\nConnect TiDB:    \u001b[96;1mmysql --comments --host 127.0.0.1 --port 40';
  const first = reader.push(colored);
  assert.deepEqual(first, [{ kind: 'step', message: 'Starting PD v8.5.1' }]);
  assert.deepEqual(reader.push('00 -u root\u001b[0m\n'), [{ kind: 'tidbEndpoint', endpoint: { host: '127.0.0.1', port: 4000 } }]);
  assert.equal(stripTerminalCodes('\u001b[2K\u001b[1A- TiDB: 127.0.0.1:4000 ... \u001b[96m⠋\u001b[0m'), '- TiDB: 127.0.0.1:4000 ... ⠋');
});

test('the TiDB progress bar tells where TiDB will listen before the banner, then that it is up', () => {
  assert.deepEqual(kinds(readPlaygroundLine('- TiDB: 127.0.0.1:4000 ... ')), ['tidbWaiting', 'step']);
  assert.deepEqual(readPlaygroundLine('- TiDB: 127.0.0.1:4000 ... ⠙')[0], {
    kind: 'tidbWaiting',
    endpoint: { host: '127.0.0.1', port: 4000 },
  });
  assert.deepEqual(readPlaygroundLine('- TiDB: 127.0.0.1:4000 ... Done')[0], {
    kind: 'instanceUp',
    component: 'TiDB',
    address: '127.0.0.1:4000',
  });
  assert.deepEqual(readPlaygroundLine('- TiFlash: 127.0.0.1:3930 ... Error: process exited with code: 1')[0], {
    kind: 'instanceFailed',
    component: 'TiFlash',
    address: '127.0.0.1:3930',
    detail: 'process exited with code: 1',
  });
  assert.deepEqual(readPlaygroundLine('- TiDB: 127.0.0.1:4000 ... Error')[0], {
    kind: 'instanceFailed',
    component: 'TiDB',
    address: '127.0.0.1:4000',
    detail: '',
  });
});

test('downloads redrawn with carriage returns become steps with the counters', () => {
  const reader = new PlaygroundOutputReader();
  const events = reader.push(
    'The component `tidb` version v8.5.1 is not installed; downloading from repository.\n' +
      'download https://tiup-mirrors.pingcap.com/tidb-v8.5.1-linux-amd64.tar.gz 12.00 MiB / 88.73 MiB 13.52% 4.21 MiB/s\r' +
      'download https://tiup-mirrors.pingcap.com/tidb-v8.5.1-linux-amd64.tar.gz 88.73 MiB / 88.73 MiB\r',
  );
  assert.deepEqual(events, [
    { kind: 'step', message: 'Downloading tidb v8.5.1' },
    { kind: 'step', message: 'Downloading tidb-v8.5.1-linux-amd64.tar.gz: 12.00 MiB / 88.73 MiB' },
    { kind: 'step', message: 'Downloading tidb-v8.5.1-linux-amd64.tar.gz: 88.73 MiB / 88.73 MiB' },
  ]);
});

test("failures: an instance that quit, a TiFlash that failed to start, the playground's own error", () => {
  assert.deepEqual(readPlaygroundLine('tidb-0 quit: exit status 1'), [
    { kind: 'instanceQuit', instance: 'tidb-0', detail: 'exit status 1' },
  ]);
  assert.deepEqual(readPlaygroundLine('TiFlash 127.0.0.1:3930 failed to start: fork/exec: no such file'), [
    { kind: 'instanceFailed', component: 'TiFlash', address: '127.0.0.1:3930', detail: 'fork/exec: no such file' },
  ]);
  assert.deepEqual(
    readPlaygroundLine('Error: Playground bootstrapping failed: failed to wait PD 127.0.0.1:2379 to be ready: context deadline exceeded'),
    [
      {
        kind: 'error',
        message: 'Playground bootstrapping failed: failed to wait PD 127.0.0.1:2379 to be ready: context deadline exceeded',
      },
    ],
  );
});

test('the last lines are kept without repeats for error messages; a last line without newline is read at the end', () => {
  const reader = new PlaygroundOutputReader();
  reader.push('- TiDB: 127.0.0.1:4000 ... \n- TiDB: 127.0.0.1:4000 ... \n- TiDB: 127.0.0.1:4000 ... \nError: boom');
  assert.deepEqual(reader.lastLines(), ['- TiDB: 127.0.0.1:4000 ...']);
  assert.deepEqual(reader.finish(), [{ kind: 'error', message: 'boom' }]);
  assert.deepEqual(reader.lastLines(), ['- TiDB: 127.0.0.1:4000 ...', 'Error: boom']);
});
