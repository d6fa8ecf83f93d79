// flying-squid starts a 5-second latency interval for every joining player and keeps no handle to
// it; the adapter must still end it with the player (without patching the global setInterval), or
// a server that players have left keeps writing to them and never lets its process exit.

import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { tempWorld } from './support/platform-e2e.ts';
import { startFlyingSquid, type FlyingSquidPlatform } from '../../src/platform/flying-squid/index.ts';
import { memoryLogger } from '../../src/core/log/log.ts';
import { joinBot, quit, quitAll, sleep, waitFor } from './support/bots.ts';

const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
/** flying-squid's latency interval (lib/plugins/login.js). */
const LATENCY_EVERY_MS = 5000;

describe("the players' latency updates", () => {
  let platform: FlyingSquidPlatform | undefined;

  after(async () => {
    await quitAll();
    await platform?.shutdown('test over');
  });

  it('reach a player every few seconds while they play, stop when they leave, and leave no timer after the stop', async () => {
    const timersBefore = timers();
    const updates = new Map<string, number>();
    /** When the last latency update was written (performance.now()). */
    let lastUpdateAt = 0;
    const setInterval = globalThis.setInterval;
    platform = await startFlyingSquid({
      port: 0,
      onlineMode: false,
      worldDir: await tempWorld(),
      viewDistance: 2,
      log: memoryLogger(),
      packetObserver: (player, name, params) => {
        const action = (params.action ?? {}) as Record<string, boolean>;
        if (name === 'player_info' && action.update_latency && !action.add_player) {
          updates.set(player, (updates.get(player) ?? 0) + 1);
          lastUpdateAt = performance.now();
        }
      },
    });
    const bot = await joinBot(platform.port, 'Pinger');
    await waitFor(() => (updates.get('Pinger') ?? 0) >= 1, 'a latency update for Pinger', 15000);
    assert.equal(globalThis.setInterval, setInterval, 'the global setInterval is left alone');

    await quit(bot);
    await waitFor(() => platform!.onlinePlayers().length === 0, 'Pinger to have left', 15000);
    const sent = updates.get('Pinger');
    // Time is the subject: a timer that must not fire. The interval would next run 5 s after it last
    // wrote; Node runs timers in the order they fall due, so this wait, falling due just after that,
    // ends after it would have written.
    await sleep(lastUpdateAt + LATENCY_EVERY_MS + 100 - performance.now());
    assert.equal(updates.get('Pinger'), sent, 'a latency update written to Pinger after leaving');

    await platform.shutdown('test over');
    await waitFor(() => timers() <= timersBefore, `no timer left by the stopped server (${timers()} now, ${timersBefore} before)`, 10000);
  });
});
