import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { asClause, asSentence } from './sentence.ts';

describe('joining sentences', () => {
  it('ends a sentence in one period whether or not it brought its own', () => {
    assert.equal(asSentence('amount: the amount must not be negative.'), 'amount: the amount must not be negative.');
    assert.equal(asSentence('amount: expected required property'), 'amount: expected required property.');
    assert.equal(asSentence('limt: unexpected query parameter (did you mean limit?)'), 'limt: unexpected query parameter (did you mean limit?).');
    assert.equal(asSentence('did you mean limit?'), 'did you mean limit?');
  });

  it('drops the final period of a clause that another sentence continues', () => {
    assert.equal(`${asClause('document contains excessively nested structures. aborting.')}. Using defaults.`, 'document contains excessively nested structures. aborting. Using defaults.');
    assert.equal(asClause('must be true or false'), 'must be true or false');
  });
});
