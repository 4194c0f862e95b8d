// --out is checked and claimed before a run starts: a folder that is not there (or not writable)
// is refused at once; a second writer of the same file is refused while the first holds FILE.lock;
// a lock left by a process that is gone, or untouched for LOCK_STALE_MS (a reused process id, another
// host's run on a shared folder), is taken over with a warning; one being created is not.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync, mkdirSync, utimesSync } from 'node:fs';
import { hostname } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { OptionError } from '../../../src/core/bench/benchOptions';
import { claimOutFile, LOCK_STALE_MS, outFileProblem, outLockPath, type OutFileProcess } from '../../../src/cli/outFile';
import { writeFileWhole } from '../../../src/core/results/writeFileWhole';

const work = mkdtempSync(join(tmpdir(), 'tidblab-outfile-'));
after(() => rmSync(work, { recursive: true, force: true }));

const me = (pid: number, alive: (pid: number) => boolean = () => true): OutFileProcess => ({ pid, host: 'here', isAlive: alive });
/** Sets the lock's modification time `ms` in the past. */
const untouchedFor = (lock: string, ms: number) => utimesSync(lock, new Date(Date.now() - ms), new Date(Date.now() - ms));
const warnings: string[] = [];
const warn = (line: string) => warnings.push(line);

test('a folder that does not exist, or is a file, is refused before anything else', () => {
  assert.match(outFileProblem('/nonexistent/x.json') ?? '', /the folder '\/nonexistent' does not exist/);
  assert.throws(
    () => claimOutFile('/nonexistent/x.json', writeFileWhole, warn),
    (error: unknown) => error instanceof OptionError && /^cannot write --out \/nonexistent\/x\.json: the folder/.test(error.message),
  );
  const file = join(work, 'plain');
  writeFileSync(file, '');
  assert.match(outFileProblem(join(file, 'x.json')) ?? '', /is not a folder/);
  mkdirSync(join(work, 'dir.json'));
  assert.match(outFileProblem(join(work, 'dir.json')) ?? '', /exists and is not a file/);
  assert.equal(outFileProblem(join(work, 'fine.json')), undefined);
  assert.equal(existsSync(outLockPath('/nonexistent/x.json')), false);
});

test('a folder that is not writable is refused', { skip: process.getuid?.() === 0 ? 'root writes anywhere' : false }, () => {
  const folder = join(work, 'readonly');
  mkdirSync(folder);
  chmodSync(folder, 0o555);
  try {
    assert.match(outFileProblem(join(folder, 'x.json')) ?? '', /is not writable/);
  } finally {
    chmodSync(folder, 0o755);
  }
});

test('a second writer of the same file is refused while the first holds the lock; released, it can claim it', () => {
  const out = join(work, 'twice.json');
  const first = claimOutFile(out, writeFileWhole, warn, me(111));
  assert.equal(readFileSync(outLockPath(out), 'utf8'), '111 here\n');
  assert.throws(
    () => claimOutFile(out, writeFileWhole, warn, me(222)),
    (error: unknown) =>
      error instanceof OptionError && /--out .*twice\.json is being written by another tidb-lab \(process 111\)/.test(error.message),
  );
  first.write('{"a":1}\n');
  assert.equal(readFileSync(out, 'utf8'), '{"a":1}\n');
  first.release();
  assert.equal(existsSync(outLockPath(out)), false, 'the lock is removed at the end');
  const second = claimOutFile(out, writeFileWhole, warn, me(222));
  second.release();
  second.release();
  assert.equal(existsSync(out), true, 'the result stays');
});

test('a lock whose process is gone is taken over with a warning; release leaves a lock that is not ours', () => {
  const out = join(work, 'stale.json');
  writeFileSync(outLockPath(out), '999999 here\n');
  warnings.length = 0;
  const claimed = claimOutFile(
    out,
    writeFileWhole,
    warn,
    me(333, (pid) => pid !== 999999),
  );
  assert.deepEqual(warnings, [`warning: taking over ${outLockPath(out)}: process 999999 that created it is not running.`]);
  assert.equal(readFileSync(outLockPath(out), 'utf8'), '333 here\n');
  // someone removed and re-took it meanwhile: our release leaves theirs alone
  writeFileSync(outLockPath(out), '444 here\n');
  claimed.release();
  assert.equal(readFileSync(outLockPath(out), 'utf8'), '444 here\n');
});

test('the real process check: a lock held by this running process is respected', () => {
  const out = join(work, 'real.json');
  const claimed = claimOutFile(out, writeFileWhole, warn);
  assert.equal(readFileSync(outLockPath(out), 'utf8'), `${process.pid} ${hostname()}\n`);
  assert.throws(() => claimOutFile(out, writeFileWhole, warn), /being written by another tidb-lab/);
  claimed.release();
});

test('a lock untouched for longer than LOCK_STALE_MS is taken over even when its process id is alive (reused)', () => {
  const out = join(work, 'reused.json');
  writeFileSync(outLockPath(out), '555 here\n');
  untouchedFor(outLockPath(out), LOCK_STALE_MS - 60_000);
  assert.throws(() => claimOutFile(out, writeFileWhole, warn, me(666)), /being written by another tidb-lab \(process 555\)/);
  untouchedFor(outLockPath(out), LOCK_STALE_MS + 60_000);
  warnings.length = 0;
  claimOutFile(out, writeFileWhole, warn, me(666)).release();
  assert.deepEqual(warnings, [`warning: taking over ${outLockPath(out)}: process 555 has not touched it for 11 minutes.`]);
  assert.equal(existsSync(outLockPath(out)), false);
});

test("another host's lock is not judged by this host's processes: refused while fresh, taken over when untouched", () => {
  const out = join(work, 'shared-folder.json');
  writeFileSync(outLockPath(out), '777 elsewhere\n');
  const nobodyHere = me(888, () => false);
  assert.throws(() => claimOutFile(out, writeFileWhole, warn, nobodyHere), /another tidb-lab \(process 777 on elsewhere\)/);
  untouchedFor(outLockPath(out), LOCK_STALE_MS + 1000);
  warnings.length = 0;
  claimOutFile(out, writeFileWhole, warn, nobodyHere).release();
  assert.match(warnings[0] ?? '', /taking over .*: process 777 on elsewhere has not touched it for 10 minutes\.$/);
});

test('a lock that names no process yet (being created) is respected; an old one is taken over', () => {
  const out = join(work, 'creating.json');
  writeFileSync(outLockPath(out), '');
  assert.throws(() => claimOutFile(out, writeFileWhole, warn, me(999)), /being written by another tidb-lab: wait/);
  untouchedFor(outLockPath(out), 60_000);
  warnings.length = 0;
  claimOutFile(out, writeFileWhole, warn, me(999)).release();
  assert.deepEqual(warnings, [`warning: taking over ${outLockPath(out)}: it names no process.`]);
});
