// Ports for a program a test starts that cannot listen on port 0 and say which port it got (nginx,
// redis-server, a server whose port a test must know before it starts). The kernel picks them as
// for port 0, all held at once so that they differ from each other (two picks one after the other
// may return the same port: seen as nginx's HTTP and HTTPS blocks on one port), then lets them go
// for the program to take.

import { createServer, type Server } from 'node:net';

/** `count` different TCP ports on 127.0.0.1 that were free a moment ago. */
export async function freePorts(count: number): Promise<number[]> {
  const held: Server[] = [];
  try {
    const ports: number[] = [];
    for (let i = 0; i < count; i++) {
      const s = createServer();
      held.push(s);
      ports.push(
        await new Promise<number>((resolve, reject) => {
          s.once('error', reject);
          s.listen(0, '127.0.0.1', () => {
            const address = s.address();
            if (typeof address === 'object' && address !== null) resolve(address.port);
            else reject(new Error('the kernel gave no port'));
          });
        }),
      );
    }
    return ports;
  } finally {
    await Promise.all(held.map((s) => new Promise<void>((resolve) => (s.listening ? s.close(() => resolve()) : resolve()))));
  }
}

/** One TCP port on 127.0.0.1 that was free a moment ago. */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port!;
}
