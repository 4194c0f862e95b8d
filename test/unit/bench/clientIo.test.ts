import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { AUTO_BLOCKING_MAX_THREADS, chooseClientIo, type ClientIoContext } from '../../../src/core/bench/workers/clientIo';
import { optionsRecord, resolveBenchOptions } from '../../../src/core/bench/benchOptions';

const base: ClientIoContext = { threads: 8, io: 'auto', requestedWorkers: 0, eventedWorkers: 2, rate: 0, tls: false, cpus: 2 };

describe('how client threads wait for answers', () => {
  test('auto: blocking reads, a worker per thread, at 1 to 8 threads; evented above', () => {
    assert.equal(AUTO_BLOCKING_MAX_THREADS, 8);
    assert.deepEqual(chooseClientIo({ ...base, threads: 1 }), { blocking: true, workers: 1 });
    assert.deepEqual(chooseClientIo(base), { blocking: true, workers: 8 });
    assert.deepEqual(chooseClientIo({ ...base, threads: 9 }), { blocking: false, workers: 2 });
    assert.deepEqual(chooseClientIo({ ...base, threads: 32, cpus: 8, eventedWorkers: 8 }), { blocking: false, workers: 8 });
  });

  test('auto: a worker count asked for, --rate and TLS stay evented', () => {
    assert.deepEqual(chooseClientIo({ ...base, requestedWorkers: 2 }), { blocking: false, workers: 2 });
    assert.deepEqual(chooseClientIo({ ...base, rate: 100 }), { blocking: false, workers: 2 });
    assert.deepEqual(chooseClientIo({ ...base, tls: true }), { blocking: false, workers: 2 });
  });

  test('asked for: blocking at any thread count, but never with --rate or TLS; evented always', () => {
    assert.deepEqual(chooseClientIo({ ...base, io: 'blocking', threads: 64 }), { blocking: true, workers: 64 });
    assert.deepEqual(chooseClientIo({ ...base, io: 'blocking', requestedWorkers: 2 }), { blocking: true, workers: 8 });
    assert.deepEqual(chooseClientIo({ ...base, io: 'blocking', tls: true }), { blocking: false, workers: 2 });
    assert.deepEqual(chooseClientIo({ ...base, io: 'evented', threads: 1 }), { blocking: false, workers: 2 });
  });

  test('--client-io is an option: auto by default, checked, and recorded when not auto', () => {
    const auto = resolveBenchOptions('oltp_point_select', {});
    assert.equal(auto.driver.clientIo, 'auto');
    assert.equal(optionsRecord(auto).client_io, undefined);
    const evented = resolveBenchOptions('oltp_point_select', { 'client-io': 'Evented' });
    assert.equal(evented.driver.clientIo, 'evented');
    assert.equal(optionsRecord(evented).client_io, 'evented');
    assert.throws(() => resolveBenchOptions('oltp_point_select', { 'client-io': 'spin' }), /client-io: spin \(auto, blocking or evented\)/);
  });
});
