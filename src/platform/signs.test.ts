import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isSignMaterial, SIGN_LINE_MAX, signLines } from './signs.ts';

describe('sign lines', () => {
  it('takes four lines as written', () => {
    assert.deepEqual(signLines(['Hello', '', 'wörld', '  spaced  ']), ['Hello', '', 'wörld', '  spaced  ']);
  });

  it('removes formatting codes and control characters', () => {
    assert.deepEqual(signLines(['§cred', 'a\u0000b\nc\u007f', '\ttab', 'ok']), ['cred', 'abc', 'tab', 'ok']);
  });

  it('refuses anything but four strings', () => {
    assert.equal(signLines(['a', 'b', 'c']), undefined);
    assert.equal(signLines(['a', 'b', 'c', 'd', 'e']), undefined);
    assert.equal(signLines(['a', 'b', 3, 'd']), undefined);
    assert.equal(signLines(['a', undefined, 'c', 'd']), undefined);
  });

  it(`refuses a line over ${SIGN_LINE_MAX} characters`, () => {
    assert.ok(signLines(['x'.repeat(SIGN_LINE_MAX), '', '', '']));
    assert.equal(signLines(['x'.repeat(SIGN_LINE_MAX + 1), '', '', '']), undefined);
  });

  it('knows sign blocks of every kind', () => {
    for (const m of ['oak_sign', 'cherry_wall_sign', 'bamboo_hanging_sign', 'pale_oak_wall_hanging_sign']) assert.ok(isSignMaterial(m), m);
    for (const m of ['stone', 'oak_planks', 'signs', 'sign_post']) assert.ok(!isSignMaterial(m), m);
  });
});
