// The live flying-squid platform across a restart of the game server (the world and where a player
// was left are kept; players are kicked on shutdown), and refusing a port in use.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startFlyingSquid } from '../../src/platform/flying-squid/index.ts';
import { memoryLogger } from '../../src/core/log/log.ts';
import { offlineUuid } from '../support/fake-platform.ts';
import { fence, joinBot, kickReason, quit, waitFor, type Bot } from './support/bots.ts';
import { tempWorld, vec } from './support/platform-e2e.ts';

describe('the flying-squid platform across restarts', () => {
  it('finds the world and the player where they were left, and kicks players on shutdown', async () => {
    const worldDir = await tempWorld();
    const first = await startFlyingSquid({ port: 0, onlineMode: false, worldDir, viewDistance: 2, log: memoryLogger() });
    let carol: Bot | undefined;
    let spot: { x: number; y: number; z: number };
    try {
      carol = await joinBot(first.port, 'Carol');
      const spawn = first.spawnLocation();
      spot = { x: spawn.x + 3, y: spawn.y + 1, z: spawn.z + 2 };
      await first.teleport(offlineUuid('Carol'), { ...spawn, ...spot });
      await waitFor(() => carol!.entity.position.distanceTo(vec(spot)) < 2, 'Carol moved');
      // The server has read her confirmation of the teleport, and her moves since, once it answers
      // her: the shutdown saves her where she is.
      await fence(carol);
      const reason = kickReason(carol);
      await first.shutdown('The server is shutting down.');
      assert.equal(await reason, 'The server is shutting down.');
    } finally {
      if (carol) await quit(carol);
      await first.shutdown('test over');
    }
    assert.ok(existsSync(join(worldDir, 'level.dat')));

    const second = await startFlyingSquid({ port: 0, onlineMode: false, worldDir, viewDistance: 2, log: memoryLogger() });
    try {
      const again = await joinBot(second.port, 'Carol');
      // Horizontally: she may have fallen after the teleport, wherever the ground is below the spot.
      const flat = () => Math.hypot(again.entity.position.x - spot!.x, again.entity.position.z - spot!.z);
      await waitFor(() => flat() < 1, `Carol back where she left (${again.entity.position}, the spot ${JSON.stringify(spot!)})`);
      await quit(again);
    } finally {
      await second.shutdown('test over');
    }
  });

  it('refuses to start on a port in use, with the listen error', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as { port: number }).port;
    try {
      await assert.rejects(
        startFlyingSquid({ port, host: '127.0.0.1', onlineMode: false, worldDir: await tempWorld(), log: memoryLogger() }),
        /EADDRINUSE/,
      );
    } finally {
      blocker.close();
    }
  });
});
