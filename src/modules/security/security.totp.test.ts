import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { base32Decode, base32Encode, hotp, matchStep, otpauthUri, stepOf, totp } from './security.totp.ts';

// RFC 6238 appendix B, SHA-1 rows: the seed is the ASCII of "12345678901234567890".
const SEED = Buffer.from('12345678901234567890', 'ascii');
const VECTORS: Array<[number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP', () => {
  it('gives the RFC 6238 test vectors (8 digits) and their last 6 digits at 6', () => {
    for (const [t, code] of VECTORS) {
      assert.equal(totp(SEED, t * 1000, 8), code, `T=${t}`);
      assert.equal(totp(SEED, t * 1000), code.slice(2), `T=${t}, 6 digits`);
    }
  });

  it('gives the RFC 4226 HOTP vectors', () => {
    const want = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    want.forEach((code, counter) => assert.equal(hotp(SEED, counter), code));
  });

  it('round-trips base32 and decodes the RFC 4648 examples', () => {
    assert.equal(base32Encode(Buffer.from('foobar')), 'MZXW6YTBOI');
    assert.equal(base32Decode('MZXW6YTBOI======')?.toString(), 'foobar');
    assert.equal(base32Decode('mzxw 6ytb oi')?.toString(), 'foobar');
    assert.equal(base32Decode('MZXW1'), undefined);
    const b = Buffer.from([0, 255, 1, 2, 3, 250, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 77, 88, 99, 100]);
    assert.deepEqual(base32Decode(base32Encode(b)), b);
  });

  it('accepts the code of the step before, now and after, and nothing further or malformed', () => {
    const now = 1111111111 * 1000;
    const s = stepOf(now);
    for (const d of [-1, 0, 1]) assert.equal(matchStep(SEED, hotp(SEED, s + d), now), s + d);
    for (const d of [-2, 2]) assert.equal(matchStep(SEED, hotp(SEED, s + d), now), undefined);
    for (const bad of ['', '12345', '1234567', 'abcdef']) assert.equal(matchStep(SEED, bad, now), undefined);
  });

  it('writes the otpauth URI authenticator apps read', () => {
    assert.equal(otpauthUri('Core', 'Ann', 'ABC'), 'otpauth://totp/Core%3AAnn?secret=ABC&issuer=Core&algorithm=SHA1&digits=6&period=30');
  });
});
