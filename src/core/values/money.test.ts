import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatMinor, MAX_MINOR, toMajor, toMinor } from './money.ts';

describe('money.toMinor', () => {
  it('converts exactly through the decimal text, never by float multiplication', () => {
    assert.deepEqual(toMinor(0.1, 2), { ok: true, minor: 10 });
    assert.deepEqual(toMinor(1.15, 2), { ok: true, minor: 115 }); // 1.15 * 100 is 114.99999999999999
    assert.deepEqual(toMinor(19.99, 2), { ok: true, minor: 1999 });
    assert.deepEqual(toMinor(42, 0), { ok: true, minor: 42 });
    assert.deepEqual(toMinor('12.50', 2), { ok: true, minor: 1250 });
    assert.deepEqual(toMinor(-3.5, 2), { ok: true, minor: -350 });
  });

  it('refuses more decimal places than the currency has', () => {
    assert.equal(toMinor(0.001, 2).ok, false);
    assert.equal(toMinor(1.5, 0).ok, false);
    assert.equal(toMinor(1e-7, 2).ok, false);
    assert.match((toMinor(0.001, 2) as { reason: string }).reason, /more than 2 decimal places/);
  });

  it('refuses what is not a finite number, or too large', () => {
    assert.equal(toMinor(Number.NaN, 2).ok, false);
    assert.equal(toMinor(Number.POSITIVE_INFINITY, 2).ok, false);
    assert.equal(toMinor('12abc', 2).ok, false);
    assert.equal(toMinor(1e300, 2).ok, false);
    assert.deepEqual(toMinor(MAX_MINOR, 0), { ok: true, minor: MAX_MINOR });
  });
});

describe('money.toMajor and formatMinor', () => {
  it('renders minor units back as the exact decimal', () => {
    assert.equal(toMajor(1999, 2), 19.99);
    assert.equal(JSON.stringify(toMajor(115, 2)), '1.15');
    assert.equal(formatMinor(123456789, 2), '1,234,567.89');
    assert.equal(formatMinor(5, 2), '0.05');
    assert.equal(formatMinor(-5, 0), '-5');
  });
});
