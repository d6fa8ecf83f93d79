// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP): HMAC-SHA-1, 30-second steps,
// 6 digits, secrets shown in base32 (RFC 4648) as authenticator apps expect. node:crypto only.

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const STEP_SECONDS = 30;
export const DIGITS = 6;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 (any case, spaces and padding ignored); undefined when a character is not base32. */
export function base32Decode(text: string): Buffer | undefined {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const i = ALPHABET.indexOf(ch);
    if (i < 0) return undefined;
    value = ((value << 5) | i) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 20 random bytes (160 bits, the length RFC 4226 recommends for SHA-1). */
export function newSecret(): Buffer {
  return randomBytes(20);
}

/** HOTP (RFC 4226): the code of a counter value. */
export function hotp(secret: Uint8Array, counter: number, digits = DIGITS): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', secret).update(msg).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step of an instant (milliseconds since the epoch). */
export const stepOf = (ms: number) => Math.floor(ms / 1000 / STEP_SECONDS);

/** TOTP (RFC 6238): the code at an instant. */
export function totp(secret: Uint8Array, ms: number, digits = DIGITS): string {
  return hotp(secret, stepOf(ms), digits);
}

/**
 * The step a code matches, looking one step either side of now (clock drift between the phone and
 * the server); undefined when it matches none. Compared in constant time.
 */
export function matchStep(secret: Uint8Array, code: string, ms: number): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const now = stepOf(ms);
  let found: number | undefined;
  for (const step of [now - 1, now, now + 1]) {
    if (timingSafeEqual(Buffer.from(hotp(secret, step)), Buffer.from(code)) && found === undefined) found = step;
  }
  return found;
}

/** The otpauth:// URI authenticator apps read (Key Uri Format). */
export function otpauthUri(issuer: string, account: string, secretBase32: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  return `otpauth://totp/${label}?secret=${secretBase32}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${DIGITS}&period=${STEP_SECONDS}`;
}
