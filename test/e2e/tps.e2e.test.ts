// The core commands against the real server. `tps`: the tick rate and intervals the server
// measures of its own game loop, typed at the console and run by a bot who holds core.tps; refused
// to one who does not. `help`: a page of the commands a bot may use, with the buttons the game
// shows, the next page, and one command explained (or answered as unknown to a bot who may not use it).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { joinBot, quit, recordMessages, sleep, waitForMessage, type Bot } from './support/bots.ts';
import { startRestServer, type RestServer } from './support/rest-server.ts';

const require = createRequire(import.meta.url);
const nbt = require('prismarine-nbt') as { simplify(data: unknown): unknown };

/** A chat component as the game receives it (simplified from NBT). */
interface Component {
  text: string;
  extra?: Component[];
  clickEvent?: { action: string; value: string };
  hoverEvent?: { action: string; contents: Component };
}
const flat = (c: Component): Component[] => [c, ...(c.extra ?? []).flatMap(flat)];

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

  it('shows Ben /help a page at a time, with lines to click and a Next button, and explains a command', async () => {
    const bot = ben!;
    const packets: Component[] = [];
    const onChat = (p: { content: unknown }) => void packets.push(nbt.simplify(p.content) as Component);
    bot._client.on('system_chat', onChat);
    const lines = recordMessages(bot);
    const footer = waitForMessage(bot, /Type \/help 2 to read the next page\./);
    bot.chat('/help');
    await footer;
    bot._client.removeListener('system_chat', onChat);
    const header = lines.findIndex((l) => /^Help: page 1 of \d+/.test(l));
    const [, pages, count] = /^Help: page 1 of (\d+) \((\d+) commands you may use\)$/.exec(lines[header] ?? '') ?? [];
    assert.ok(Number(pages) >= 3 && Number(count) > 18, lines.join('\n'));
    const page = lines.slice(header + 1, header + 10);
    assert.equal(page.length, 9);
    assert.ok(page.every((l) => /^\/\S+.* - /.test(l)), page.join('\n'));
    assert.deepEqual([...page].sort(), page, 'sorted by name');
    assert.equal(lines[header + 10], '« Previous | Next » Type /help 2 to read the next page.');
    // The game got the buttons: each line types its command, Next runs /help 2.
    const parts = packets.flatMap(flat);
    const first = /^\/(\S+)/.exec(page[0]!)![1]!;
    const line = parts.find((c) => c.clickEvent?.action === 'suggest_command' && c.clickEvent.value === `/${first} `);
    assert.ok(line?.hoverEvent?.action === 'show_text', JSON.stringify(line));
    assert.ok(parts.some((c) => c.text === 'Next »' && c.clickEvent?.action === 'run_command' && c.clickEvent.value === '/help 2'));

    const second = waitForMessage(bot, /^Help: page 2 of /);
    bot.chat('/help 2');
    assert.equal(await second, `Help: page 2 of ${pages} (${count} commands you may use)`);

    // Ben does not hold core.tps: to him /tps is no command at all. Ann does.
    const unknown = waitForMessage(bot, /^Unknown command "tps"/);
    bot.chat('/help tps');
    assert.equal(await unknown, 'Unknown command "tps". Type /help for the commands you may use.');
    const told = recordMessages(ann!);
    const permission = waitForMessage(ann!, /^Permission: /);
    ann!.chat('/help /tps');
    assert.equal(await permission, 'Permission: core.tps');
    assert.equal(told.length, 3, told.join('\n'));
    assert.equal(told[0], 'Usage: /tps [seconds]');
    assert.match(told[1]!, /^Ticks per second and tick intervals/);
  });

  it('refuses a window beyond a minute, naming the rule', async () => {
    const line = await rs.console('tps 90', /"90" is not a valid seconds/);
    assert.match(line, /"90" is not a valid seconds: it must be/);
  });
});
