import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EditorBindings, editorConnection } from '../../../src/core/sql/editorConnections';

const saved = (ids: string[]) => (id: string) => ids.includes(id);

test('a bound editor runs on its own connection, whatever the active one is', () => {
  assert.deepEqual(editorConnection('b', 'a', saved(['a', 'b'])), { profileId: 'b', bound: true });
  assert.deepEqual(editorConnection('b', undefined, saved(['a', 'b'])), { profileId: 'b', bound: true });
});

test('an unbound editor runs on the active connection (undefined when there is none)', () => {
  assert.deepEqual(editorConnection(undefined, 'a', saved(['a'])), { profileId: 'a', bound: false });
  assert.deepEqual(editorConnection(undefined, undefined, saved(['a'])), { profileId: undefined, bound: false });
});

test('an editor bound to a connection that was removed falls back to the active one', () => {
  assert.deepEqual(editorConnection('gone', 'a', saved(['a'])), { profileId: 'a', bound: false });
});

test('bindings are kept per document URI, replaced, dropped, and survive their stored form', () => {
  const bindings = new EditorBindings();
  assert.equal(bindings.bind('file:///a.sql', 'x'), true);
  assert.equal(bindings.bind('file:///a.sql', 'x'), false, 'the same binding again changes nothing');
  assert.equal(bindings.bind('untitled:Untitled-1', 'y'), true);
  assert.equal(bindings.bind('file:///a.sql', 'y'), true);
  const restored = new EditorBindings(JSON.parse(JSON.stringify(bindings)));
  assert.equal(restored.get('file:///a.sql'), 'y');
  assert.equal(restored.get('untitled:Untitled-1'), 'y');
  assert.equal(restored.unbind('file:///a.sql'), true);
  assert.equal(restored.unbind('file:///a.sql'), false);
  assert.equal(restored.get('file:///a.sql'), undefined);
  assert.deepEqual(restored.toJSON(), { 'untitled:Untitled-1': 'y' });
});

test('after a reload only the bindings of documents still open are kept', () => {
  const bindings = new EditorBindings({ 'file:///open.sql': 'x', 'untitled:Untitled-1': 'y' });
  assert.equal(
    bindings.retain((uri) => uri === 'file:///open.sql'),
    true,
  );
  assert.deepEqual(bindings.toJSON(), { 'file:///open.sql': 'x' });
  assert.equal(
    bindings.retain(() => true),
    false,
  );
});

test('a stored value that is not a record of strings gives no bindings (or only its string entries)', () => {
  assert.deepEqual(new EditorBindings(undefined).toJSON(), {});
  assert.deepEqual(new EditorBindings(['a']).toJSON(), {});
  assert.deepEqual(new EditorBindings('a').toJSON(), {});
  assert.deepEqual(new EditorBindings({ 'file:///a.sql': 'x', 'file:///b.sql': 3 }).toJSON(), { 'file:///a.sql': 'x' });
});
