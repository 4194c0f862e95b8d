// The hand-written scanners that replace regexes and slicing on the parser's hot paths must read
// exactly what the plain definitions read; each is checked here against that definition.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseByteSize, parseDurationMs, parseExecutionInfo } from '../../../src/core/plan';
import { parseExecutionInfoIn } from '../../../src/core/plan/executionInfo';
import { endsWithCutOff, isWhitespace, trimmed } from '../../../src/core/plan/cellText';
import { operatorOf, parseIdCell } from '../../../src/core/plan/planNodeBuilder';
import { parsePlainNumber } from '../../../src/core/plan/planUnits';
import { seededRandom } from '../../support/seededRandom';

/** Number-like texts: digits, fractions, exponents, signs, units and spacing in random order. */
function numberLikeTexts(count: number): string[] {
  const next = seededRandom(4242);
  const pieces = [
    '0',
    '1',
    '7',
    '12',
    '999',
    '0.5',
    '.',
    '..',
    '-',
    '+',
    'e',
    'E',
    'e5',
    'E-3',
    'e+2',
    '1e400',
    '12345678901234567',
    '9007199254740993',
    '0.1234567890123456789',
    '00012',
    ' ',
    '  ',
    '\t',
    '\u00a0',
    's',
    'ms',
    'µs',
    'μs',
    'us',
    'ns',
    'm',
    'h',
    'B',
    'Bytes',
    'KB',
    'kib',
    'MiB',
    'GB',
    'x',
    'constructor',
    '%',
  ];
  const texts: string[] = [];
  for (let i = 0; i < count; i++) {
    let text = '';
    const length = 1 + Math.floor(next() * 5);
    for (let j = 0; j < length; j++) text += pieces[Math.floor(next() * pieces.length)];
    texts.push(text);
  }
  return texts;
}

const numberLike = numberLikeTexts(20_000);

test('isWhitespace is exactly what \\s matches and trim() removes, for every UTF-16 code unit', () => {
  for (let code = 0; code <= 0xffff; code++) {
    const char = String.fromCharCode(code);
    assert.equal(isWhitespace(code), /\s/.test(char), `U+${code.toString(16)}`);
    assert.equal(isWhitespace(code), char.trim() === '', `U+${code.toString(16)}`);
  }
});

test('a value is cut off when it ends in ... or …', () => {
  for (const text of ['...', 'a...', 'a…', '…']) assert.equal(endsWithCutOff(text), true, text);
  for (const text of ['', '.', '..', 'a..', 'a. ..', '… ', 'a.']) assert.equal(endsWithCutOff(text), false, text);
});

test('plain numbers: the scanner reads what Number() reads wherever the regex accepts the text', () => {
  const plain = /^\s*-?\d+(?:\.\d+)?(?:e[+-]?\d+)?\s*$/i;
  for (const text of [...numberLike, '-0', '-0.0', '1.00', '24', '123456789012345', '1234567890123456', '0.000000000000001']) {
    assert.ok(Object.is(parsePlainNumber(text), plain.test(text) ? Number(text) : null), JSON.stringify(text));
  }
});

test('byte sizes: the quick path reads what the regex reads', () => {
  const units: Record<string, number> = {
    b: 1,
    byte: 1,
    bytes: 1,
    kb: 1024,
    kib: 1024,
    mb: 1024 ** 2,
    mib: 1024 ** 2,
    gb: 1024 ** 3,
    gib: 1024 ** 3,
    tb: 1024 ** 4,
    tib: 1024 ** 4,
    pb: 1024 ** 5,
  };
  const size = /^(\d+(?:\.\d+)?(?:e[+-]?\d+)?)\s?([a-z]+)$/i;
  const reference = (text: string): number | null => {
    const match = size.exec(text.trim());
    if (match === null) return null;
    const key = match[2].toLowerCase();
    return Object.hasOwn(units, key) ? Math.round(Number(match[1]) * units[key]) : null;
  };
  for (const text of [...numberLike, '14.9 MB', '0 Bytes', '5\u00a0KB', '1e3 KB', '5eb', '5 EB', ' 17.7 KB ']) {
    assert.ok(Object.is(parseByteSize(text), reference(text)), JSON.stringify(text));
  }
});

/** Names every plain object answers for, though no unit table lists them. */
const OBJECT_PROPERTY_NAMES = [
  'constructor',
  '__proto__',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
];

test('a unit named like a built-in object property is an unknown unit', () => {
  for (const name of OBJECT_PROPERTY_NAMES) {
    for (const text of [`5 ${name}`, `5${name}`, `5 ${name.toUpperCase()}`, `1e3 ${name}`]) {
      assert.equal(parseByteSize(text), null, text);
    }
    for (const text of [`5 ${name}`, `5${name}s`, `5 ${name}m`, `5${name}h`, `1s5${name}s`]) {
      assert.equal(parseDurationMs(text), null, text);
    }
    assert.deepEqual(parseExecutionInfo(`a:5 ${name}`).info, { a: `5 ${name}` });
  }
});

test('durations: reading the amounts in place gives what Number() of each amount gives', () => {
  const unitMs: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1_000, ms: 1, µs: 0.001, μs: 0.001, us: 0.001, ns: 0.000_001 };
  const reference = (text: string): number | null => {
    const trimmed = text.replace(/^ +| +$/g, '');
    if (!/^\d/.test(trimmed) || !/[smh]$/.test(trimmed)) return null;
    let total = 0;
    for (const part of trimmed.matchAll(/(\d+(?:\.\d+)?) ?(\D*)/g)) {
      const unit = Object.hasOwn(unitMs, part[2]) ? unitMs[part[2]] : undefined;
      if (unit === undefined) return null;
      total += Number(part[1]) * unit;
    }
    const covered = [...trimmed.matchAll(/(\d+(?:\.\d+)?) ?(\D*)/g)].map((part) => part[0]).join('');
    if (covered !== trimmed) return null;
    return Math.round(total * 1e6) / 1e6;
  };
  for (const text of [...numberLike, '9.41ms', '757.205µs', '2m39s', '1h2m3.5s', '0.000 s', '12345678901234567ms', '1.5.2s']) {
    assert.ok(Object.is(parseDurationMs(text), reference(text)), JSON.stringify(text));
  }
});

test('execution info values read in place equal those read as text', () => {
  const samples: [string, unknown][] = [
    ['a:5 ms,b:1', { a: 5, b: 1 }],
    ['a:5ms}', { a: '5ms}' }], // a closing brace outside any group belongs to the value
    ['g:{a:5ms}', { g: { a: 5 } }],
    ['a:5  ms', { a: '5  ms' }],
    ['a:2m39s', { a: 159_000 }],
    ['a:5.s, b:5., c:.5', { a: '5.s', b: '5.', c: '.5' }],
    ['a:1e3, b:-2, c:12 ,d:0.62', { a: 1000, b: -2, c: 12, d: 0.62 }],
    ['a:5 KB, b:5µs)', { a: 5120, b: '5µs)' }],
    ['a:99999999999999999999', { a: 1e20 }],
  ];
  for (const [text, info] of samples) assert.deepEqual(parseExecutionInfo(text).info, info, text);
});

test('execution info keys: spacing, blanks and repeats are read the same every time', () => {
  for (let round = 0; round < 3; round++) {
    assert.deepEqual(parseExecutionInfo(' proc max :1, :2, proc max:3, proc max#2:4').info, {
      'proc max': 1,
      _: 2,
      'proc max#2': 3,
      'proc max#2#2': 4,
    });
    assert.deepEqual(Object.keys(parseExecutionInfo('time:1, loops:2, time:3').info), ['time', 'loops', 'time#2']);
  }
});

test("execution info repeats: the list of a group's keys answers as the object would, short and long groups alike", () => {
  // The reference: every key looked up in the object itself.
  const reference = (items: readonly (readonly [string, number])[]): Record<string, number> => {
    const group: Record<string, number> = {};
    for (const [key, value] of items) {
      let unique = key;
      if (Object.prototype.hasOwnProperty.call(group, unique)) {
        let n = 2;
        while (Object.prototype.hasOwnProperty.call(group, `${key}#${n}`)) n++;
        unique = `${key}#${n}`;
      }
      Object.defineProperty(group, unique, { value, enumerable: true, writable: true, configurable: true });
    }
    return group;
  };
  const next = seededRandom(31);
  const names = ['a', 'b', 'a#2', 'a#3', 'b#2#2', '__proto__', 'constructor', 'toString', '1', '01', 'k'];
  for (let round = 0; round < 400; round++) {
    const count = Math.floor(next() * 80);
    const items = Array.from({ length: count }, (_, i) => {
      const key = next() < 0.5 ? names[Math.floor(next() * names.length)] : `k${Math.floor(next() * 40)}`;
      return [key, i] as const;
    });
    const text = items.map(([key, value]) => `${key}:${value}`).join(', ');
    const expected = reference(items);
    for (const info of [parseExecutionInfo(text).info, parseExecutionInfo(`g:{${text}}, h:{x:1}`).info.g]) {
      assert.deepEqual(Object.keys(info as object), Object.keys(expected), text);
      assert.deepEqual(info, expected, text);
      assert.equal(Object.getPrototypeOf(info), Object.prototype);
    }
  }
});

test('execution info read where the cell stands in the plan text equals the cell read on its own', () => {
  const next = seededRandom(77);
  const pieces = [
    'time:',
    'loops:',
    '1',
    '12',
    '0.5',
    '.',
    'ms',
    'µs',
    ' ms',
    's',
    ', ',
    ',',
    '{',
    '}',
    '[',
    ']',
    '(',
    ')',
    ':',
    ' ',
    'proc max:',
    '__proto__:',
    'a:1',
    'a:1, a:2',
    'x{y:1}',
    '...',
    '…',
    'N/A',
    '5 KB',
    '-3',
    '1e3',
  ];
  for (let i = 0; i < 20_000; i++) {
    let cell = '';
    const length = 1 + Math.floor(next() * 12);
    for (let j = 0; j < length; j++) cell += pieces[Math.floor(next() * pieces.length)];
    cell = cell.trim();
    // As pipeRows cuts it: blanks or the column's `|` on both sides of the trimmed cell.
    const before = next() < 0.5 ? '| ' : '|│ x |  ';
    const after = next() < 0.5 ? ' |' : next() < 0.5 ? '|9' : '   | 12.5 |';
    const source = `${before}${cell}${after}`;
    assert.deepEqual(parseExecutionInfoIn(cell, source, before.length), parseExecutionInfo(cell), JSON.stringify(source));
  }
});

test('trimmed() gives what trim() gives', () => {
  const next = seededRandom(5);
  const pieces = ['', ' ', '  ', '\t', '\n', '\u00a0', '\u2028', '\ufeff', 'a', 'b c', '│', 'µs'];
  for (let i = 0; i < 20_000; i++) {
    let text = '';
    const length = Math.floor(next() * 5);
    for (let j = 0; j < length; j++) text += pieces[Math.floor(next() * pieces.length)];
    assert.equal(trimmed(text), text.trim(), JSON.stringify(text));
  }
});

test('id cells: tree prefix, indentation, role suffix and operator name', () => {
  assert.deepEqual(parseIdCell('  │ └─HashJoin_5 \u00a0(Build) '), {
    id: 'HashJoin_5',
    role: 'Build',
    glyphColumn: 4,
    lastChild: true,
    indent: 2,
  });
  assert.deepEqual(parseIdCell('├─CTE_0(Seed Part)'), { id: 'CTE_0', role: 'Seed Part', glyphColumn: 0, lastChild: false, indent: 0 });
  assert.deepEqual(parseIdCell('(Build)'), { id: '', role: 'Build', glyphColumn: null, lastChild: false, indent: 0 });
  assert.deepEqual(parseIdCell('   '), { id: '', role: null, glyphColumn: null, lastChild: false, indent: 3 });
  assert.deepEqual(parseIdCell('Projection_3(build)'), {
    id: 'Projection_3(build)',
    role: null,
    glyphColumn: null,
    lastChild: false,
    indent: 0,
  });
  for (const [id, operator] of [
    ['TableReader_5', 'TableReader'],
    ['A_1_23', 'A_1'],
    ['A_', 'A_'],
    ['123', '123'],
    ['_5', ''],
    ['Point_Get', 'Point_Get'],
    ['', ''],
  ]) {
    assert.equal(operatorOf(id), operator, id);
  }
});
