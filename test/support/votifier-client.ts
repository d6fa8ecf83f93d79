// A NuVotifier protocol v2 client, as vote lists run it: connects, reads the greeting
// `VOTIFIER 2 <challenge>`, sends the magic 0x733a, the length and the JSON `{payload, signature}`
// (signature: base64 HMAC-SHA256 of payload with the token) and resolves with the server's answer.

import { createHmac } from 'node:crypto';
import { connect } from 'node:net';

export interface VotifierVoteToSend {
  serviceName: string;
  username: string;
  address?: string;
  timestamp?: number;
  /** Overrides the challenge the server sent (to test a wrong one). */
  challenge?: string;
}

export interface VotifierAnswer {
  /** The greeting line, e.g. `VOTIFIER 2 3f…`. */
  greeting: string;
  /** The server's JSON answer: `{status: 'ok'}` or `{status: 'error', cause, error}`. */
  answer: { status: string; cause?: string; error?: string };
}

export function sendVotifierVote(port: number, token: string, vote: VotifierVoteToSend, host = '127.0.0.1', timeoutMs = 10000): Promise<VotifierAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, host);
    let text = '';
    let greeting: string | undefined;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no NuVotifier answer within ${timeoutMs} ms (got: ${JSON.stringify(text)})`));
    }, timeoutMs);
    socket.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
      if (greeting === undefined) {
        const nl = text.indexOf('\n');
        if (nl < 0) return;
        greeting = text.slice(0, nl).trim();
        text = text.slice(nl + 1);
        const m = /^VOTIFIER 2 (\S+)$/.exec(greeting);
        if (!m) {
          clearTimeout(timer);
          socket.destroy();
          return reject(new Error(`not a NuVotifier v2 greeting: ${greeting}`));
        }
        const payload = JSON.stringify({
          serviceName: vote.serviceName,
          username: vote.username,
          address: vote.address ?? '127.0.0.1',
          timestamp: vote.timestamp ?? Date.now(),
          challenge: vote.challenge ?? m[1],
        });
        const signature = createHmac('sha256', token).update(payload, 'utf8').digest('base64');
        const message = Buffer.from(JSON.stringify({ payload, signature }), 'utf8');
        const head = Buffer.alloc(4);
        head.writeUInt16BE(0x733a, 0);
        head.writeUInt16BE(message.length, 2);
        socket.write(Buffer.concat([head, message]));
      }
    });
    socket.on('close', () => {
      clearTimeout(timer);
      if (greeting === undefined) return reject(new Error('the connection closed before the greeting'));
      try {
        resolve({ greeting, answer: JSON.parse(text.trim()) as VotifierAnswer['answer'] });
      } catch {
        reject(new Error(`not a JSON answer: ${JSON.stringify(text)}`));
      }
    });
  });
}
