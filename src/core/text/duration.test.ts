import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { durationText } from './duration.ts';

describe('durationText', () => {
  it('writes the non-zero parts in days, hours, minutes and seconds, as the English catalogue does', () => {
    assert.equal(durationText(0), '0 s');
    assert.equal(durationText(90061), '1 d 1 h 1 min 1 s');
    assert.equal(durationText(7200), '2 h');
    assert.equal(durationText(3599), '59 min 59 s');
  });
});
