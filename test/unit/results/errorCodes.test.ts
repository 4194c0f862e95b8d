import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { errorCodeCounts, errorCodesText, errorsText } from '../../../src/core/results/errorCodes';

describe('error codes', () => {
  test('the count says which codes it is made of, most frequent first', () => {
    assert.equal(errorsText({ errors: 12, errorCodes: { 2013: 2, 1213: 10 } }), '12 errors: 1213 deadlock ×10, 2013 lost connection ×2');
    assert.equal(errorsText({ errors: 1, errorCodes: { 9007: 1 } }), '1 error: 9007 write conflict (TiKV) ×1');
    assert.equal(errorsText({ errors: 3, errorCodes: { 4242: 3 } }), '3 errors: 4242 ×3', 'a code without a short name is still given');
    assert.equal(errorsText({ errors: 5 }), '5 errors', 'an engine that did not record codes (sysbench, imports)');
    assert.equal(errorsText({ errors: 0 }), 'no errors');
  });

  test('codes with the same count are ordered by code; zero counts are left out', () => {
    assert.deepEqual(
      errorCodeCounts({ errorCodes: { 8005: 2, 1205: 2, 1062: 0 } }).map((entry) => entry.code),
      [1205, 8005],
    );
    assert.equal(errorCodesText({ errorCodes: { 1213: 1500 } }), '1213 deadlock ×1,500');
    assert.equal(errorCodesText({}), '');
  });
});
