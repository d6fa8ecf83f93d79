import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeUuid } from './uuid.ts';

describe('normalizeUuid', () => {
  it('keeps a dashed lower-case uuid as it is', () => {
    assert.equal(normalizeUuid('069a79f4-44e9-4726-a5be-fca90e38aaf5'), '069a79f4-44e9-4726-a5be-fca90e38aaf5');
  });
  it('lower-cases and dashes an undashed upper-case uuid', () => {
    assert.equal(normalizeUuid('069A79F444E94726A5BEFCA90E38AAF5'), '069a79f4-44e9-4726-a5be-fca90e38aaf5');
  });
  it('answers undefined for anything that is not a uuid', () => {
    for (const s of ['', 'Notch', '069a79f4-44e9-4726-a5be-fca90e38aaf', '069a79f444e94726a5befca90e38aaf5x', 'g69a79f444e94726a5befca90e38aaf5', '069a79f4-44e94726-a5be-fca90e38aaf5']) {
      assert.equal(normalizeUuid(s), undefined, s);
    }
  });
});
