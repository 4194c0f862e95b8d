import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateProfile } from '../../../src/core/db/connectionProfile';
import { draftFromProfile, emptyDraft, isConnectionDraft, profileFromDraft } from '../../../src/protocol/connectionForm';
import { isEnvelope } from '../../../src/protocol/webviewProtocol';

test('a new form starts with TiDB defaults', () => {
  const draft = emptyDraft();
  assert.equal(draft.port, '4000');
  assert.equal(draft.tls, 'off');
  assert.equal(draft.passwordMode, 'secretStorage');
});

test('form text becomes a profile, trimmed, and back', () => {
  const profile = profileFromDraft(
    {
      name: ' demo ',
      host: ' 127.0.0.1 ',
      port: ' 3306 ',
      user: 'tidblab',
      database: '',
      tls: 'verify',
      caFile: ' /ca.pem ',
      passwordMode: 'empty',
    },
    'id-1',
  );
  assert.deepEqual(profile, {
    id: 'id-1',
    name: 'demo',
    host: '127.0.0.1',
    port: 3306,
    user: 'tidblab',
    database: undefined,
    tls: 'verify',
    caFile: '/ca.pem',
    passwordMode: 'empty',
  });
  assert.deepEqual(validateProfile(profile), []);
  assert.equal(draftFromProfile(profile as never).port, '3306');
});

test('a bad port is not silently changed: validation explains it', () => {
  const profile = profileFromDraft({ ...emptyDraft(), name: 'x', port: '40a0' }, 'id');
  assert.ok(Number.isNaN(profile.port));
  assert.match(validateProfile(profile).join(' '), /port must be a whole number/);
});

test('a CA file only counts with TLS verify', () => {
  assert.equal(profileFromDraft({ ...emptyDraft(), name: 'x', tls: 'required', caFile: '/ca.pem' }, 'id').caFile, undefined);
});

test('messages from the webview are checked before use', () => {
  assert.equal(isConnectionDraft(emptyDraft()), true);
  assert.equal(isConnectionDraft({ ...emptyDraft(), tls: 'maybe' }), false);
  assert.equal(isConnectionDraft({ ...emptyDraft(), port: 4000 }), false);
  assert.equal(isConnectionDraft(null), false);
  assert.equal(isEnvelope({ type: 'save', payload: null }), true);
  assert.equal(isEnvelope({ type: 3, payload: null }), false);
  assert.equal(isEnvelope({ type: 'save' }), false);
  assert.equal(isEnvelope('save'), false);
});
