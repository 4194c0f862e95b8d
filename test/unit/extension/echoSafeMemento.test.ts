import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { EchoSafeMemento } from '../../../src/extension/state/echoSafeMemento';

/** The extension host's Memento as it behaves: one cached copy of every key, replaced whole by each change event from the main side. */
class HostMemento {
  private value: Record<string, unknown> = {};
  keys(): readonly string[] {
    return Object.keys(this.value).filter((key) => this.value[key] !== undefined);
  }
  get<T>(key: string, defaultValue?: T): T | undefined {
    const found = this.value[key];
    return (found === undefined ? defaultValue : found) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.value[key] = value === undefined ? undefined : JSON.parse(JSON.stringify(value));
  }
  snapshot(): Record<string, unknown> {
    return JSON.parse(JSON.stringify(this.value));
  }
  /** a change event from the main side: the whole record, possibly older than the last local write */
  changeEvent(record: Record<string, unknown>): void {
    this.value = JSON.parse(JSON.stringify(record));
  }
}

const PROFILES = 'tidbLab.connectionProfiles';

test('the late echo of an earlier write does not bring back a value this window replaced since', async () => {
  const host = new HostMemento();
  let clock = 1_000;
  const memento = new EchoSafeMemento(host, () => clock);
  await memento.update(PROFILES, [{ id: 'refusing' }]);
  const echoOfTheAdd = host.snapshot();
  await memento.update(PROFILES, []);
  host.changeEvent(echoOfTheAdd);
  assert.deepEqual(memento.get(PROFILES, []), [], 'the removed connection stays removed');

  // the next save reads through the memento: it must not write the removed one back
  const next = [...memento.get<Array<{ id: string }>>(PROFILES, []), { id: 'starter' }];
  clock += 1;
  await memento.update(PROFILES, next);
  host.changeEvent(echoOfTheAdd);
  assert.deepEqual(memento.get(PROFILES, []), [{ id: 'starter' }]);
});

test("a later write from another window wins over this window's own", async () => {
  const host = new HostMemento();
  const memento = new EchoSafeMemento(host, () => 1_000);
  await memento.update(PROFILES, [{ id: 'mine' }]);
  host.changeEvent({ ...host.snapshot(), [PROFILES]: [{ id: 'mine' }, { id: 'theirs' }], [`${PROFILES}.revision`]: 2_000 });
  assert.deepEqual(memento.get(PROFILES, []), [{ id: 'mine' }, { id: 'theirs' }]);
});

test('revisions are not keys of their own, and a value changed by its caller later is not changed here', async () => {
  const host = new HostMemento();
  const memento = new EchoSafeMemento(host, () => 5);
  const profiles = [{ id: 'a' }];
  await memento.update(PROFILES, profiles);
  await memento.update('tidbLab.lastActiveConnection', 'a');
  profiles.push({ id: 'b' });
  host.changeEvent({});
  assert.deepEqual(memento.get(PROFILES), [{ id: 'a' }]);
  assert.deepEqual([...memento.keys()].sort(), [PROFILES, 'tidbLab.lastActiveConnection']);
  await memento.update('tidbLab.lastActiveConnection', undefined);
  assert.deepEqual(memento.keys(), [PROFILES]);
  assert.equal(memento.get('tidbLab.lastActiveConnection', 'none'), 'none');
});

test("a second instance over the same globalState reads the late echo of the first one's write", async () => {
  const host = new HostMemento();
  const connections = new EchoSafeMemento(host, () => 1_000);
  const benchmarks = new EchoSafeMemento(host, () => 1_000);
  await connections.update(PROFILES, [{ id: 'refusing' }]);
  const echoOfTheAdd = host.snapshot();
  await connections.update(PROFILES, []);
  host.changeEvent(echoOfTheAdd);
  assert.deepEqual(connections.get(PROFILES, []), []);
  assert.deepEqual(benchmarks.get(PROFILES, []), [{ id: 'refusing' }], 'the other instance does not know the write');
});

test('the extension makes one EchoSafeMemento, in extension.ts, and hands it to every feature', () => {
  const repo = resolve(__dirname, '../../../..');
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
    );
  const constructing = walk(join(repo, 'src')).filter((file) => /new EchoSafeMemento\(/.test(readFileSync(file, 'utf8')));
  assert.deepEqual(
    constructing.map((file) => relative(repo, file)),
    ['src/extension/extension.ts'],
  );
});
