// The game protocol's framing, written by hand for tests that send raw bytes past a client's own
// framing: a VarInt, and a frame (its length as a VarInt, then the body).

export function varint(n: number): Buffer {
  const bytes: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    bytes.push(b);
  } while (n);
  return Buffer.from(bytes);
}

/** A frame: the body's length as a VarInt, then the body. */
export const frame = (body: Buffer): Buffer => Buffer.concat([varint(body.length), body]);
