import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { chartIdentity, type ChartIdentityWords } from '../../../src/core/results/chartIdentity';
import { sampleRun } from './support/sampleResults';

const WORDS: ChartIdentityWords = {
  threads: (count) => `${count} threads`,
  server: (server) => `${server.flavor} ${server.version}`,
  date: (iso) => `on ${iso.slice(0, 10)}`,
};

describe('chartIdentity', () => {
  test('a run names its workload, threads, connection, server and date, and never a password', () => {
    const run = sampleRun({ connection: 'staging', options: { threads: 16, password: 'secret' } });
    assert.equal(
      chartIdentity({ ...run, threads: 16 }, WORDS),
      'oltp_point_select, 8 threads · oltp_point_select · 16 threads · staging · mariadb 10.11.19 · on 2026-11-29',
    );
  });

  test('a name that only repeats workload and threads is said once', () => {
    const run = sampleRun({ name: 'oltp_point_select · 8 threads', connection: 'local' });
    assert.equal(chartIdentity({ ...run, threads: 8 }, WORDS), 'oltp_point_select · 8 threads · local · mariadb 10.11.19 · on 2026-11-29');
  });

  test('a result saved before connections were recorded says where the server was', () => {
    const run = sampleRun({ name: undefined });
    assert.equal(
      chartIdentity({ ...run, threads: 8 }, WORDS),
      'oltp_point_select · 8 threads · 127.0.0.1:3306 · mariadb 10.11.19 · on 2026-11-29',
    );
    assert.equal(chartIdentity({ workload: 'tpcc', startTime: '2026-01-02T00:00:00Z' }, WORDS), 'tpcc · on 2026-01-02');
  });
});
