import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { chooseClientIo, type ClientIoContext } from '../../../src/core/bench/clientIo';
import { optionsRecord, resolveBenchOptions } from '../../../src/core/bench/benchOptions';

const base: ClientIoContext = { threads: 8, io: 'auto', requestedWorkers: 0, eventedWorkers: 2, rate: 0, tls: false, cpus: 2 };

describe('how client threads wait for answers', () => {
  test('auto: evented at every thread count (blocking reads are asked for)', () => {
    assert.deepEqual(chooseClientIo({ ...base, threads: 1 }), { blocking: false, workers: 2 });
    assert.deepEqual(chooseClientIo(base), { blocking: false, workers: 2 });
    assert.deepEqual(chooseClientIo({ ...base, threads: 32, cpus: 8, eventedWorkers: 8 }), { blocking: false, workers: 8 });
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
