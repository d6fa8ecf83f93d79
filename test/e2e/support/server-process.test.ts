// The test servers' own harness: a server that does not come up is not left behind.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startServer } from './server-process.ts';

describe('startServer', () => {
  it('stops a server that does not print its ready line in time, so its pipes cannot keep the test process alive', async () => {
    // A "server" that prints its pid and then never gets ready.
    const launch = { file: process.execPath, args: ['-e', 'console.log(`pid ${process.pid}`); setInterval(() => {}, 1000);', '--'] };
    let pid: number | undefined;
    await assert.rejects(
      startServer({ launch, world: 'fresh', readyTimeoutMs: 1000 }),
      (e: Error) => {
        pid = Number(/pid (\d+)/.exec(e.message)?.[1]);
        return /no line matching .*Game server listening/.test(e.message);
      },
    );
    assert.ok(pid && pid > 0, 'the error shows the server\'s last lines');
    assert.throws(() => process.kill(pid!, 0), { code: 'ESRCH' }, 'the server process is gone');
  });
});
