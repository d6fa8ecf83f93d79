// `tps` against the real server: the tick rate and intervals the server measures of its own game
// loop, typed at the console and run by a bot who holds core.tps; refused to one who does not.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { joinBot, quit, sleep, waitForMessage, type Bot } from './support/bots.ts';
import { startRestServer, type RestServer } from './support/rest-server.ts';

const TPS = /TPS ([\d.]+) over the last (\d+) s \((\d+) ticks\); tick interval p50 ([\d.]+) ms, p99 ([\d.]+) ms, max ([\d.]+) ms; last tick [\d.]+ ms ago/;

describe('tps on the real server', () => {
  let rs: RestServer;
  let ann: Bot | undefined;
  let ben: Bot | undefined;
  /** When the server had started up (performance.now()): the add-on listens last. */
  let startedUp: number;

  before(async () => {
    rs = await startRestServer({});
    startedUp = performance.now();
  });
  after(async () => {
    if (ann) await quit(ann);
    if (ben) await quit(ben);
    await rs?.stop();
  });

  it('tells the console the ticks of the last seconds asked, counted by the server itself', async () => {
    // Time is the subject: the last 2 s of ticks, which must all come after the start-up (its work
    // may leave the loop behind, caught up by a burst of ticks as soon as it is done) and before
    // anyone joins (the same). So this test comes first, and waits out what is left of the 2 s.
    await sleep(startedUp + 2250 - performance.now());
    const m = TPS.exec(await rs.console('tps 2', TPS))!;
    const [tps, window, ticks, p50, p99, max] = m.slice(1).map(Number) as [number, number, number, number, number, number];
    assert.equal(window, 2);
    // The game ticks every 50 ms: about 40 ticks in 2 s on a machine that keeps up (a shared one may lag).
    assert.ok(ticks >= 10 && ticks <= 42, `ticks ${ticks}`);
    assert.ok(tps > 5 && tps <= 21, `tps ${tps}`);
    assert.ok(p50 >= 45 && p50 <= p99 && p99 <= max, `p50 ${p50}, p99 ${p99}, max ${max}`);
  });

  it('answers a player holding core.tps in game, and refuses one who does not', async () => {
    ann = await joinBot(rs.server.gamePort, 'Ann');
    ben = await joinBot(rs.server.gamePort, 'Ben');
    await rs.console('perm grant Ann core.tps', /Ann/);
    const told = waitForMessage(ann, /^TPS /);
    ann.chat('/tps');
    assert.match(await told, /^TPS [\d.]+ over the last \d+ s \(\d+ ticks\); tick interval p50/);
    const refused = waitForMessage(ben, /core\.tps/);
    ben.chat('/tps');
    assert.match(await refused, /core\.tps/);
  });

  it('refuses a window beyond a minute, naming the rule', async () => {
    const line = await rs.console('tps 90', /"90" is not a valid seconds/);
    assert.match(line, /"90" is not a valid seconds: it must be/);
  });
});
