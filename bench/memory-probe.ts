// What the memory and start figures measure of a server process from outside: its resident memory
// (VmRSS of /proc/<pid>/status, as `top` shows it) once it has settled, its open TCP connections,
// and a crowd of keep-alive HTTP connections that each made one request and stay open.

import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { sleep } from '../test/e2e/support/bots.ts';

/** Resident memory of a process now, in MiB. */
export function rssMiB(pid: number): number {
  const m = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(m[1]) / 1024;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/**
 * Resident memory once it has settled: after `settleMs` of quiet, the median of samples taken
 * every 200 ms for `sampleMs` (one sample can catch a garbage collection half done).
 */
export async function settledRssMiB(pid: number, settleMs = 2000, sampleMs = 2000): Promise<number> {
  await sleep(settleMs);
  const samples: number[] = [];
  for (let t = 0; t <= sampleMs; t += 200) {
    samples.push(rssMiB(pid));
    await sleep(200);
  }
  return median(samples);
}

/** The number of TCP sockets a process holds open (listening ones included), from /proc (Linux). */
export function openSockets(pid: number): number {
  let n = 0;
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')) n++;
    } catch {
      // closed while we looked
    }
  }
  return n;
}

export interface KeepAliveCrowd {
  /** Connections still open (the server has not closed them). */
  open(): number;
  close(): void;
}

/**
 * `count` HTTP/1.1 keep-alive connections to 127.0.0.1:port, opened `batch` at a time, each of
 * which sends one GET `path` with the token and reads its whole answer (which must be 200), then
 * stays open and idle.
 */
export async function openKeepAliveCrowd(port: number, path: string, token: string, count: number, batch = 100): Promise<KeepAliveCrowd> {
  const sockets: Socket[] = [];
  let closed = 0;
  const request = `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\nConnection: keep-alive\r\n\r\n`;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      sockets.push(socket);
      let answer = '';
      const onData = (chunk: Buffer) => {
        answer += chunk.toString('latin1');
        const end = answer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const length = Number(/content-length:\s*(\d+)/i.exec(answer.slice(0, end))?.[1] ?? NaN);
        if (answer.length < end + 4 + length) return;
        socket.off('data', onData);
        if (!answer.startsWith('HTTP/1.1 200')) reject(new Error(`a keep-alive request was answered ${answer.slice(0, answer.indexOf('\r\n'))}`));
        else resolve();
      };
      socket.on('data', onData);
      socket.on('error', reject);
      socket.once('close', () => {
        closed++;
        reject(new Error('the server closed a keep-alive connection before answering'));
      });
      socket.once('connect', () => socket.write(request));
    });
  try {
    for (let i = 0; i < count; i += batch) await Promise.all(Array.from({ length: Math.min(batch, count - i) }, one));
  } catch (e) {
    for (const s of sockets) s.destroy();
    throw e;
  }
  return {
    open: () => sockets.length - closed,
    close: () => {
      for (const s of sockets) s.destroy();
    },
  };
}
