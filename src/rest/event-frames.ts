// The frames a subscriber may send on the event stream: whole text frames up to 64 KiB. A small
// reader of frame headers sits in front of ws's own parser, because ws alone would reassemble
// fragments and close an oversized frame with 1009, where the service closes with 1003 and a reason.

export const MAX_FRAME_BYTES = 64 * 1024;

/**
 * Reads the header of every frame the client sends (without touching payloads) and reports the
 * first one the protocol refuses: binary, fragmented (a continuation, or a text frame without FIN),
 * or longer than 64 KiB.
 */
export function frameGuard(onRefused: (reason: string) => void): (chunk: Buffer) => void {
  const header = Buffer.alloc(14);
  let have = 0;
  let skip = 0;
  let done = false;
  return (chunk) => {
    let i = 0;
    while (i < chunk.length && !done) {
      if (skip > 0) {
        const n = Math.min(skip, chunk.length - i);
        skip -= n;
        i += n;
        continue;
      }
      header[have++] = chunk[i++] as number;
      if (have < 2) continue;
      const b1 = header[1] as number;
      const len7 = b1 & 0x7f;
      const need = 2 + (len7 === 126 ? 2 : len7 === 127 ? 8 : 0) + (b1 & 0x80 ? 4 : 0);
      if (have < need) continue;
      const b0 = header[0] as number;
      const fin = (b0 & 0x80) !== 0;
      const opcode = b0 & 0x0f;
      const length = len7 === 126 ? header.readUInt16BE(2) : len7 === 127 ? Number(header.readBigUInt64BE(2)) : len7;
      have = 0;
      skip = length;
      let reason: string | undefined;
      if (opcode === 0x2) reason = 'binary frames are not read';
      else if (opcode === 0x0 || (opcode === 0x1 && !fin)) reason = 'fragmented messages are not read';
      else if (length > MAX_FRAME_BYTES) reason = 'a frame is at most 64 KiB';
      if (reason !== undefined) {
        done = true;
        onRefused(reason);
      }
    }
  };
}
