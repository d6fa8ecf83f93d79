// The game side of reliability (docs/reliability.md, "The game side"): against one real server,
// a raw minecraft-protocol client, a fresh one for each case, sends what no game client sends:
// bytes that do not parse, frames and packets over the limits, packets out of order or with NaN
// coordinates, floods of chat, commands and packets. Each time that client is disconnected with a
// reason (or, for a few lines too many, refused a line with a message) while Ann and Ben, two
// mineflayer bots connected throughout, carry on: still connected, each still reads the other's
// chat and runs a command; Ann never sees an entity at a position that is not a number; and at the end the
// server still ticks and has Ben where he walked to.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync, rmSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import type { Client } from 'minecraft-protocol';
import { fence, joinBot, quitAll, recordMessages, sleep, waitFor, waitForMessage, walkOneBlock, withTimeout, type Bot } from './support/bots.ts';
import { startServer, type ServerProcess } from './support/server-process.ts';
import { nbt, vec } from './support/platform-e2e.ts';
import { frame, varint } from '../support/frames.ts';
import { CHAT_RATE } from '../../src/platform/flying-squid/chat-throttle.ts';

const require = createRequire(import.meta.url);
const mc = require('minecraft-protocol') as typeof import('minecraft-protocol');

const playWrites = mc.createSerializer({ state: mc.states.PLAY, isServer: false, version: '1.21.4', customPackets: {} });
const chatParams = (message: string) => ({ message, timestamp: BigInt(Date.now()), salt: 0n, offset: 0, acknowledged: Buffer.alloc(3), checksum: 0 });
/** A play chat_message as a client writes it (id and body), for writing raw. */
const chatBytes = (message: string): Buffer => playWrites.createPacketBuffer({ name: 'chat_message', params: chatParams(message) });
const flags = { onGround: true, hasHorizontalCollision: false };


/** The plain text of a kick reason: NBT (play, configuration) or JSON (login). */
function reasonText(reason: unknown): string {
  if (typeof reason === 'string') {
    try {
      return String((JSON.parse(reason) as { text?: string }).text ?? reason);
    } catch {
      return reason;
    }
  }
  const simple = nbt.simplify(reason) as { text?: string } | string;
  return typeof simple === 'string' ? simple : String(simple?.text ?? JSON.stringify(simple));
}

interface Raw {
  client: Client;
  name: string;
  /** The reason of the kick, once it came (kick_disconnect in play, disconnect before). */
  kicked: Promise<string>;
  /** Resolves when the connection has ended. */
  ended: Promise<void>;
  isEnded(): boolean;
  /** System chat lines the server sent it, as plain text. */
  lines: string[];
}

describe('the game side: a client sending bad packets or floods is cut off, everyone else carries on', () => {
  let server: ServerProcess;
  let ann: Bot;
  let ben: Bot;
  let cases = 0;
  let exited = false;
  /** Positions Ann saw an entity at that are not finite numbers. */
  const notNumbers: string[] = [];

  /** A raw client on its way in; hooks run before it connects (to write during login or configuration). */
  function connect(name: string, hooks: { confirmTeleports?: boolean; onState?: (c: Client, state: string) => void } = {}): Raw {
    const client = mc.createClient({ host: '127.0.0.1', port: server.gamePort, username: name, version: '1.21.4', auth: 'offline', hideErrors: true });
    client.on('error', () => {});
    let kickedWith: (r: string) => void = () => {};
    const kicked = new Promise<string>((r) => (kickedWith = r));
    for (const event of ['kick_disconnect', 'disconnect']) client.on(event, (p: { reason: unknown }) => kickedWith(reasonText(p.reason)));
    let ended = false;
    const endedP = new Promise<void>((r) => client.once('end', () => ((ended = true), r())));
    const lines: string[] = [];
    client.on('system_chat', (p: { content: unknown }) => {
      lines.push(reasonText(p.content));
    });
    if (hooks.confirmTeleports !== false) client.on('position', (p: { teleportId: number }) => client.write('teleport_confirm', { teleportId: p.teleportId }));
    if (hooks.onState) client.on('state', (s: string) => hooks.onState!(client, s));
    return { client, name, kicked, ended: endedP, isEnded: () => ended, lines };
  }

  /**
   * A raw client in the world: logged in, and joined as the server logs it (its chat counts from
   * then on); with `seen`, also in Ann's sight.
   */
  async function join(name: string, o: { seen?: boolean } = {}): Promise<Raw> {
    const mark = server.lines.length;
    const raw = connect(name);
    await server.waitForLine(new RegExp(`\\] ${name} joined \\(`), { from: mark, timeoutMs: 15000 });
    if (o.seen) await waitFor(() => ann.players[name]?.entity !== undefined, `Ann to see ${name}`, 5000);
    return raw;
  }

  /** The raw client was disconnected with this reason, and its connection ended. */
  async function disconnectedWith(raw: Raw, reason: RegExp | string): Promise<void> {
    const text = await withTimeout(raw.kicked, 10000, `${raw.name} to be disconnected with a reason`);
    if (typeof reason === 'string') assert.equal(text, reason);
    else assert.match(text, reason);
    await withTimeout(raw.ended, 5000, `${raw.name}'s connection to end`).catch(() => {});
    assert.ok(raw.isEnded(), `${raw.name}'s connection ended`);
  }

  /** The server is up; Ann and Ben are connected; one reads the other's chat and runs a command; nothing NaN was seen. */
  async function othersCarryOn(): Promise<void> {
    cases++;
    assert.equal(exited, false, 'the server process is up');
    // They take turns, so that neither comes near the chat rule.
    const [talker, listener] = cases % 2 ? [ann, ben] : [ben, ann];
    const read = waitForMessage(listener, new RegExp(`^<${talker.username}> still here after case ${cases}$`));
    talker.chat(`still here after case ${cases}`);
    await read;
    const answered = waitForMessage(listener, /^Your balance is /);
    listener.chat('/balance');
    await answered;
    assert.deepEqual(notNumbers, []);
  }

  before(async () => {
    server = await startServer();
    void server.exited.then(() => (exited = true));
    // Ann sees the raw clients: at the default view distance (at 2 a bot is shown no other player).
    ann = await joinBot(server.gamePort, 'Ann');
    ben = await joinBot(server.gamePort, 'Ben', { viewDistance: 2 });
    for (const event of ['entitySpawn', 'entityMoved'] as const) {
      ann.on(event, (e) => {
        const p = e.position;
        if (![p.x, p.y, p.z].every(Number.isFinite)) notNumbers.push(`${e.username ?? e.name} at ${p.x}, ${p.y}, ${p.z}`);
      });
    }
  });
  after(async () => {
    await quitAll();
    await server?.stop();
    if (server) rmSync(server.dataDir, { recursive: true, force: true });
  });

  describe('malformed: bytes that do not parse close that connection', () => {
    it('a known packet id (chat) with its body cut short', async () => {
      const raw = await join('Cut');
      raw.client.writeRaw(chatBytes('hello').subarray(0, 4));
      await disconnectedWith(raw, 'Malformed packet');
      await server.waitForLine(/Cut \(127\.0\.0\.1\) disconnected: Malformed packet \(a play packet that does not parse/, { from: 0 });
      await othersCarryOn();
    });

    it('an unknown packet id', async () => {
      const raw = await join('Unknown');
      raw.client.writeRaw(Buffer.from([0x7f, 1, 2, 3]));
      await disconnectedWith(raw, 'Malformed packet');
      await server.waitForLine(/Unknown \(127\.0\.0\.1\) disconnected: Malformed packet \(unknown play packet id 127\)/, { from: 0 });
      await othersCarryOn();
    });

    it('a length prefix shorter than its packet: the rest does not parse', async () => {
      const raw = await join('Prefix');
      raw.client.socket.write(Buffer.concat([varint(3), varint(0), chatBytes('a line longer than three bytes')]));
      await disconnectedWith(raw, 'Malformed packet');
      await othersCarryOn();
    });
  });

  describe('oversized: frames, packets and text over the limits close that connection', () => {
    it('a frame declaring 6 MiB (a 4-byte length), refused before its bytes come', async () => {
      const raw = await join('Huge');
      raw.client.socket.write(Buffer.concat([Buffer.from([0x80, 0x80, 0x80, 0x03]), Buffer.alloc(1024)]));
      await disconnectedWith(raw, 'Packet too large');
      await othersCarryOn();
    });

    it('a compressed packet that inflates past the size it declares (16 MiB of zeros): not inflated', async () => {
      const rssBefore = rssMiB(server.pid);
      const raw = await join('Bomb');
      raw.client.socket.write(frame(Buffer.concat([varint(1000), deflateSync(Buffer.alloc(16 * 1024 * 1024))])));
      await disconnectedWith(raw, 'Malformed packet');
      assert.ok(rssMiB(server.pid) - rssBefore < 64, `the server grew by ${rssMiB(server.pid) - rssBefore} MiB`);
      await othersCarryOn();
    });

    it('a chat line of 5000 characters (the game allows 256): nobody reads it', async () => {
      const annLines = recordMessages(ann);
      const raw = await join('Long');
      raw.client.write('chat_message', chatParams('x'.repeat(5000)));
      await disconnectedWith(raw, 'Malformed packet');
      await server.waitForLine(/Long \(127\.0\.0\.1\) disconnected: Malformed packet \(chat_message: message has 5000 characters \(at most 256\)\)/, { from: 0 });
      await othersCarryOn();
      assert.deepEqual(annLines.filter((l) => l.startsWith('<Long>')), []);
    });

    it('a sign line of 40,000 characters (no text of the game is over 32,767; over 384 is an edit ignored)', async () => {
      const raw = await join('Sign');
      raw.client.write('update_sign', { location: { x: 0, y: 64, z: 0 }, isFrontText: true, text1: 'x'.repeat(40000), text2: '', text3: '', text4: '' });
      await disconnectedWith(raw, 'Malformed packet');
      await othersCarryOn();
    });
  });

  describe('out of order: packets the state does not allow, moves the game refuses', () => {
    it('a chat line during the login, before the player is in the game', async () => {
      const mark = server.lines.length;
      let sent = false;
      const raw = connect('EarlyLogin', {
        onState: (c, s) => {
          if (s === 'login' && !sent) {
            sent = true;
            c.writeRaw(chatBytes('too early'));
          }
        },
      });
      await disconnectedWith(raw, 'Malformed packet');
      // Before its login_start, the client has no name yet.
      await server.waitForLine(/a client at 127\.0\.0\.1 disconnected: Malformed packet \(unknown login packet id 7\)/, { from: mark });
      assert.ok(!server.lines.slice(mark).some((l) => /EarlyLogin joined/.test(l)), 'it never joined');
      await othersCarryOn();
    });

    it('a chat line during the configuration, before the player is in the game', async () => {
      const mark = server.lines.length;
      let sent = false;
      const raw = connect('EarlyConfig', {
        onState: (c, s) => {
          if (s === 'configuration' && !sent) {
            sent = true;
            c.writeRaw(chatBytes('hi'));
          }
        },
      });
      // The server has sent finish_configuration already: the client reads the configuration
      // state's disconnect as a play packet, and sees only its connection end.
      await withTimeout(raw.ended, 10000, "EarlyConfig's connection to end").catch(() => {});
      assert.ok(raw.isEnded(), 'its connection ended');
      await server.waitForLine(/EarlyConfig \(127\.0\.0\.1\) disconnected: Malformed packet \(a configuration packet that does not parse/, { from: mark });
      assert.ok(!server.lines.slice(mark).some((l) => /EarlyConfig joined/.test(l)), 'it never joined');
      await othersCarryOn();
    });

    it('a teleport confirmed with a wrong id: its moves are held (not applied) until the right id comes', async () => {
      const raw = connect('Unconfirmed', { confirmTeleports: false });
      // Where Ann saw it, each time she was told.
      const seenAt: number[] = [];
      const onSeen = (e: Bot['entity']) => {
        if (e.username === 'Unconfirmed') seenAt.push(e.position.x);
      };
      ann.on('entitySpawn', onSeen);
      ann.on('entityMoved', onSeen);
      // The last position the server sent is the one it waits for. The first comes with the login;
      // once the client says it has loaded, flying-squid sends it again, and the client at once
      // confirms that one with a wrong id and moves a block (so well within the few seconds the
      // server waits for a confirmation before it takes moves again).
      let teleportId: number | undefined;
      let start: { x: number; y: number; z: number } | undefined;
      let positions = 0;
      raw.client.on('position', (p: { teleportId: number; x: number; y: number; z: number }) => {
        teleportId = p.teleportId;
        positions++;
        if (positions === 1) raw.client.write('player_loaded', {});
        if (positions === 2) {
          start = { x: p.x, y: p.y, z: p.z };
          raw.client.write('teleport_confirm', { teleportId: p.teleportId + 1000 });
          raw.client.write('position', { x: p.x + 1, y: p.y, z: p.z, flags });
        }
      });
      await server.waitForLine(/\] Unconfirmed joined \(/, { from: 0, timeoutMs: 15000 });
      await waitFor(() => ann.players.Unconfirmed?.entity !== undefined && start !== undefined, 'Ann to see Unconfirmed', 5000);
      // The server has read the move once it answers Unconfirmed, and what it sent Ann since has come
      // once it answers her.
      await fence(raw.client);
      await fence(ann);
      const at = start!;
      assert.ok(ann.players.Unconfirmed!.entity.position.distanceTo(vec(at)) < 0.01, 'the move before the right confirmation is not applied');
      raw.client.write('teleport_confirm', { teleportId: teleportId! });
      raw.client.write('position', { x: at.x + 2, y: at.y, z: at.z, flags });
      await waitFor(() => Math.abs(ann.players.Unconfirmed!.entity.position.x - (at.x + 2)) < 0.1, 'Ann to see Unconfirmed move once confirmed', 5000);
      ann.off('entitySpawn', onSeen);
      ann.off('entityMoved', onSeen);
      assert.deepEqual(seenAt.filter((x) => Math.abs(x - (at.x + 1)) < 0.1), [], `Ann saw it at x ${seenAt.join(', ')}, never where the held move was to take it`);
      assert.equal(raw.isEnded(), false);
      raw.client.end('done');
      await raw.ended;
      await othersCarryOn();
    });

    it('a move to NaN: disconnected, and Ann never sees it anywhere but where it was', async () => {
      const raw = await join('NotANumber', { seen: true });
      const seen = ann.players.NotANumber!.entity;
      const start = seen.position.clone();
      raw.client.write('position', { x: Number.NaN, y: start.y, z: start.z, flags });
      await disconnectedWith(raw, 'Invalid move player packet received');
      assert.ok(seen.position.distanceTo(start) < 0.01, `Ann saw it at ${seen.position}`);
      await othersCarryOn();
    });

    it('a move a billion blocks away: disconnected, not moved', async () => {
      const raw = await join('FarAway', { seen: true });
      const seen = ann.players.FarAway!.entity;
      const start = seen.position.clone();
      raw.client.write('position_look', { x: 1e9, y: start.y, z: start.z, yaw: 0, pitch: 0, flags });
      await disconnectedWith(raw, 'Invalid move player packet received');
      assert.ok(seen.position.distanceTo(start) < 0.01, `Ann saw it at ${seen.position}`);
      await othersCarryOn();
    });
  });

  describe('floods: chat and commands are throttled, then the sender is kicked; a packet flood is cut off', () => {
    it('12 lines at once: 10 are sent, 2 refused with a message; the sender stays, and is heard again a second later', async () => {
      const annLines = recordMessages(ann);
      const raw = await join('Chatty');
      for (let i = 1; i <= 12; i++) raw.client.write('chat_message', chatParams(`line ${i}`));
      await waitFor(() => raw.lines.filter((l) => /too fast/.test(l)).length === 2, 'Chatty to be told twice', 5000);
      assert.match(raw.lines.find((l) => /too fast/.test(l))!, /^You are chatting too fast: that line was not sent\. At most 10 lines at once, then 1 a second\.$/);
      // Time is the subject: the allowance grows back by one line a second. The server had counted
      // the burst before it refused the last two, so a second after that refusal is the least wait.
      await sleep(1000 / CHAT_RATE.chat.perSecond);
      raw.client.write('chat_message', chatParams('heard again'));
      await waitFor(() => annLines.includes('<Chatty> heard again'), 'Ann to read Chatty again', 5000);
      assert.deepEqual(
        annLines.filter((l) => l.startsWith('<Chatty>')),
        [...Array.from({ length: 10 }, (_, i) => `<Chatty> line ${i + 1}`), '<Chatty> heard again'],
      );
      assert.equal(raw.isEnded(), false);
      raw.client.end('done');
      await raw.ended;
      await othersCarryOn();
    });

    it('500 chat lines at once: kicked for spamming; at most 10 reach anyone', async () => {
      const annLines = recordMessages(ann);
      const raw = await join('Spammer');
      for (let i = 0; i < 500; i++) raw.client.write('chat_message', chatParams(`spam ${i}`));
      await disconnectedWith(raw, 'Kicked for spamming');
      await othersCarryOn();
      assert.ok(annLines.filter((l) => l.startsWith('<Spammer>')).length <= 10);
    });

    it('300 commands at once: 20 run, the next are refused with a message, and the sender is kicked for spamming', async () => {
      const mark = server.lines.length;
      const raw = await join('Commander');
      for (let i = 0; i < 300; i++) raw.client.write('chat_command', { command: 'balance' });
      await disconnectedWith(raw, 'Kicked for spamming');
      await othersCarryOn();
      const ran = server.lines.slice(mark).filter((l) => /Commander issued server command/.test(l)).length;
      assert.equal(ran, 20);
      assert.ok(raw.lines.includes('You are running commands too fast: that one was not run. At most 20 at once, then 10 a second.'), raw.lines.join('\n'));
    });

    it('2000 packets at once (arm swings): cut off past 500 in a second', async () => {
      const raw = await join('Swinger');
      for (let i = 0; i < 2000; i++) raw.client.write('arm_animation', { hand: 0 });
      await disconnectedWith(raw, 'Too many packets');
      await othersCarryOn();
    });
  });

  it('after all of it the server still ticks, and Ben walks: the server has him where he went', async () => {
    const mark = server.lines.length;
    server.console('tps 5');
    const line = await server.waitForLine(/TPS ([\d.]+) over the last/, { from: mark });
    const tps = Number(/TPS ([\d.]+)/.exec(line)![1]);
    assert.ok(tps > 5, `tps ${tps}`);
    // The server's own account of where Ben stands, before and after he walks: his home's place.
    const homeAt = async (label: string) => {
      const reply = waitForMessage(ben, new RegExp(`^You set your home \\d+ \\(${label}\\) at `));
      ben.chat(`/sethome ${label}`);
      return (await reply).replace(/^You set your home \d+ \(\S+\) at /, '').replace(/\.$/, '');
    };
    const before = await homeAt('before');
    await walkOneBlock(ben);
    // Answered after the moves Ben sent while walking: the server has applied them.
    await fence(ben);
    assert.notEqual(await homeAt('after'), before);
    await othersCarryOn();
  });
});

function rssMiB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}
