// The player state over real HTTP, a real event stream and in game with real bots: every route and
// command of the area, every event of its context, and what the bots see of it (game mode, the
// abilities packet's flight flags and speeds, health and saturation, no damage in god mode), also
// after a rejoin and a server restart.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createBot, joinBot, nextEvent, never, quit, waitFor, waitForMessage, type Bot } from './support/bots.ts';
import { startScene, type RestServer, type Scene, type Subscription } from './support/rest-server.ts';

interface AbilitiesPacket {
  flags: number;
  flyingSpeed: number;
  walkingSpeed: number;
}
const INVULNERABLE = 1;
const FLYING = 2;
const ALLOW_FLIGHT = 4;

describe('player state', () => {
  let scene: Scene;
  let rs: RestServer;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: Bot;
  let ben: Bot;
  let annId: string;
  let benId: string;
  const abilities = new Map<Bot, AbilitiesPacket>();
  /** The last movement speed attribute each bot was sent for itself (what makes a walk speed felt). */
  const movementSpeed = new Map<Bot, number>();

  /** A bot that has spawned, whose every abilities packet (mineflayer drops them) is recorded from the start. */
  async function join(name: string, port = rs.server.gamePort): Promise<Bot> {
    const bot = createBot(port, name);
    const client = bot._client as unknown as NodeJS.EventEmitter;
    client.on('abilities', (p: AbilitiesPacket) => abilities.set(bot, p));
    client.on('entity_update_attributes', (p: { entityId: number; properties: Array<{ key: string; value: number }> }) => {
      // minecraft-data's 1.21.4 table still names movement_speed (id 21) step_height.
      const speed = p.properties.find((a) => a.key.endsWith('step_height'));
      if (bot.entity && p.entityId === bot.entity.id && speed) movementSpeed.set(bot, speed.value);
    });
    await nextEvent(bot, 'spawn', 20000);
    return bot;
  }
  const flags = (bot: Bot) => abilities.get(bot)?.flags ?? 0;
  const near = (a: number | undefined, b: number) => a !== undefined && Math.abs(a - b) < 1e-6;
  const state = (uuid: string, path = '') => `/players/${uuid}/state${path}`;

  /** Ben hits Ann once. */
  function benHitsAnn(): void {
    const target = Object.values(ben.entities).find((e) => e.username === 'Ann');
    assert.ok(target, 'Ben sees Ann');
    ben.attack(target);
  }

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startScene(['playerstate.*'], {
      join: (port, name) => (name === 'Ann' ? join(name, port) : joinBot(port, name)),
    }));
    annId = ann.player.uuid;
    benId = ben.player.uuid;
    await waitFor(() => Object.values(ben.entities).some((e) => e.username === 'Ann'), 'Ben to see Ann');
    for (const node of ['god', 'gamemode', 'gamemode.others', 'speed', 'heal', 'feed']) {
      await rs.console(`perm grant Ann core.playerstate.${node}`, new RegExp(`core\\.playerstate\\.${node.replace('.', '\\.')}`));
    }
    for (const node of ['fly', 'fly.others', 'speed', 'speed.others', 'heal', 'heal.others']) {
      await rs.console(`perm grant Ben core.playerstate.${node}`, new RegExp(`core\\.playerstate\\.${node.replace('.', '\\.')}`));
    }
  });
  after(() => scene?.close());

  it('reads the state of an online player; not-found for one never seen, 400 naming uuid for a malformed one', async () => {
    const r = await rs.call('GET', state(annId), reader);
    assert.deepEqual(r.json, {
      ok: true,
      data: { god: false, fly: false, 'flight-allowed': false, flying: false, 'game-mode': 'survival', 'walk-speed': 1, 'fly-speed': 1, health: 20, food: 20 },
    });
    const unknown = await rs.call('GET', state('00000000-0000-0000-0000-0000000000aa'), reader);
    assert.deepEqual([unknown.status, unknown.json.ok, unknown.json.code], [200, false, 'not-found']);
    const bad = await rs.call('GET', state('nope'), reader);
    assert.deepEqual([bad.status, bad.json.field], [400, 'uuid']);
  });

  it('heals a bot that another bot hurt (route): health back to 20, player-heal', async () => {
    benHitsAnn();
    await waitFor(() => ann.health < 20, 'Ann to be hurt');
    const hurt = ann.health;
    const r = await rs.call('POST', state(annId, '/heal'), writer);
    assert.deepEqual([r.json.ok, r.json.data.health], [true, 20]);
    await waitFor(() => ann.health === 20, 'Ann healed');
    const e = await events.next('playerstate.player-heal', (d) => d['player-id'] === annId);
    assert.deepEqual([e.data['previous-health'], e.data.health, e.data.actor], [hurt, 20, 'core-rest/writer']);
  });

  it('god mode (route): the invulnerable flag reaches the bot and another bot’s attacks do no harm; asked again, already-in-state', async () => {
    const told = waitForMessage(ann, /God mode enabled\./);
    const r = await rs.call('POST', state(annId, '/god'), writer, {});
    assert.deepEqual([r.json.ok, r.json.data.god], [true, true]);
    await told;
    await waitFor(() => (flags(ann) & INVULNERABLE) !== 0, 'the invulnerable flag');
    const e = await events.next('playerstate.player-god-toggle', (d) => d['player-id'] === annId && d.enabled === true);
    assert.equal(e.data.actor, 'core-rest/writer');
    benHitsAnn();
    benHitsAnn();
    await never(() => ann.health < 20, 'Ann hurt in god mode', 1000);
    const again = await rs.call('POST', state(annId, '/god'), writer, { enabled: true });
    assert.deepEqual([again.status, again.json.ok, again.json.code], [200, false, 'already-in-state']);
    assert.equal((await rs.call('GET', state(annId), reader)).json.data.god, true);
  });

  it('/god switches it off for the bot, which is hurt again; /heal heals it', async () => {
    ann.chat('/god');
    await waitForMessage(ann, /God mode disabled\./);
    await waitFor(() => (flags(ann) & INVULNERABLE) === 0, 'the invulnerable flag gone');
    await events.next('playerstate.player-god-toggle', (d) => d['player-id'] === annId && d.enabled === false && d.actor === 'Ann');
    benHitsAnn();
    await waitFor(() => ann.health < 20, 'Ann hurt again');
    ann.chat('/heal');
    await waitFor(() => ann.health === 20, 'Ann healed by /heal');
    await events.next('playerstate.player-heal', (d) => d['player-id'] === annId && d.actor === 'Ann');
  });

  it('fly (route): flight allowed reaches the bot; the bot’s own take-off shows in the read; /fly Ann by Ben takes it away', async () => {
    const r = await rs.call('POST', state(annId, '/fly'), writer, { enabled: true });
    assert.deepEqual([r.json.data.fly, r.json.data['flight-allowed']], [true, true]);
    await waitFor(() => (flags(ann) & ALLOW_FLIGHT) !== 0, 'the allow-flight flag');
    await events.next('playerstate.player-fly-toggle', (d) => d['player-id'] === annId && d.enabled === true);
    // The client tells the server it took off (a double jump), as a game client does.
    ann._client.write('abilities', { flags: FLYING });
    let flying = false;
    for (let i = 0; i < 40 && !flying; i++) {
      flying = (await rs.call('GET', state(annId), reader)).json.data.flying === true;
      if (!flying) await new Promise((res) => setTimeout(res, 50));
    }
    assert.equal(flying, true, 'the read shows Ann flying');
    ben.chat('/fly Ann');
    await waitFor(() => (flags(ann) & (ALLOW_FLIGHT | FLYING)) === 0, 'flight taken away');
    const e = await events.next('playerstate.player-fly-toggle', (d) => d['player-id'] === annId && d.enabled === false);
    assert.equal(e.data.actor, 'Ben');
    const now = (await rs.call('GET', state(annId), reader)).json.data;
    assert.deepEqual([now.fly, now['flight-allowed'], now.flying], [false, false, false]);
    const again = await rs.call('POST', state(annId, '/fly'), writer, { enabled: false });
    assert.equal(again.json.code, 'already-in-state');
  });

  it('/fly needs .others for another player', async () => {
    ann.chat('/fly Ben');
    await waitForMessage(ann, /core\.playerstate\.fly/);
    assert.equal(flags(ben) & ALLOW_FLIGHT, 0);
  });

  it('game mode (route and every command form): the bot sees each one, player-game-mode-change', async () => {
    const r = await rs.call('POST', state(annId, '/gamemode'), writer, { mode: 'creative' });
    assert.deepEqual([r.json.ok, r.json.data['game-mode'], r.json.data['flight-allowed']], [true, 'creative', true]);
    await waitFor(() => ann.game.gameMode === 'creative', 'Ann in creative');
    const e = await events.next('playerstate.player-game-mode-change', (d) => d['player-id'] === annId && d['game-mode'] === 'creative');
    assert.deepEqual([e.data['previous-game-mode'], e.data.actor], ['survival', 'core-rest/writer']);
    const same = await rs.call('POST', state(annId, '/gamemode'), writer, { mode: 'creative' });
    assert.equal(same.json.code, 'already-in-state');
    const bad = await rs.call('POST', state(annId, '/gamemode'), writer, { mode: 'hardcore' });
    assert.deepEqual([bad.status, bad.json.field], [400, 'mode']);

    for (const [line, mode] of [
      ['/gamemode adventure', 'adventure'],
      ['/gm 3', 'spectator'],
      ['/gms', 'survival'],
      ['/gmc', 'creative'],
      ['/gma', 'adventure'],
      ['/gmsp', 'spectator'],
      ['/gm s', 'survival'],
    ] as const) {
      ann.chat(line);
      await waitFor(() => ann.game.gameMode === mode, `${line}: Ann in ${mode}`);
      await events.next('playerstate.player-game-mode-change', (d) => d['player-id'] === annId && d['game-mode'] === mode && d.actor === 'Ann');
    }
    ann.chat('/gmc Ben');
    await waitFor(() => ben.game.gameMode === 'creative', 'Ben in creative');
    ann.chat('/gms Ben');
    await waitFor(() => ben.game.gameMode === 'survival', 'Ben back in survival');
  });

  it('speeds (routes and /speed): the abilities packet carries them; a bad multiplier is 400 naming multiplier', async () => {
    const walk = await rs.call('POST', state(annId, '/walk-speed'), writer, { multiplier: 2 });
    assert.equal(walk.json.data['walk-speed'], 2);
    await waitFor(() => near(abilities.get(ann)?.walkingSpeed, 0.2), 'walking speed 0.2');
    await waitFor(() => near(movementSpeed.get(ann), 0.2), 'movement speed attribute 0.2');
    const e = await events.next('playerstate.player-speed-change', (d) => d['player-id'] === annId && d.kind === 'walk');
    assert.deepEqual([e.data.multiplier, e.data['previous-multiplier']], [2, 1]);
    const fly = await rs.call('POST', state(annId, '/fly-speed'), writer, { multiplier: 3 });
    assert.equal(fly.json.data['fly-speed'], 3);
    await waitFor(() => near(abilities.get(ann)?.flyingSpeed, 0.15), 'flying speed 0.15');
    await events.next('playerstate.player-speed-change', (d) => d['player-id'] === annId && d.kind === 'fly' && d.multiplier === 3);
    const same = await rs.call('POST', state(annId, '/fly-speed'), writer, { multiplier: 3 });
    assert.equal(same.json.code, 'already-in-state');
    for (const multiplier of [11, -1, 'fast', null]) {
      const bad = await rs.call('POST', state(annId, '/walk-speed'), writer, { multiplier });
      assert.deepEqual([bad.status, bad.json.field], [400, 'multiplier'], String(multiplier));
    }
    ann.chat('/speed walk 1.5');
    await waitFor(() => near(abilities.get(ann)?.walkingSpeed, 0.15), 'walking speed 0.15 after /speed walk');
    ann.chat('/speed 3');
    await waitFor(() => near(abilities.get(ann)?.walkingSpeed, 0.3), 'walking speed 0.3 after /speed (walking)');
    ben.chat('/speed fly 4 Ann');
    await waitFor(() => near(abilities.get(ann)?.flyingSpeed, 0.2), 'flying speed 0.2 set by Ben');
    await events.next('playerstate.player-speed-change', (d) => d['player-id'] === annId && d.actor === 'Ben' && d.multiplier === 4);
    ann.chat('/speed walk 12');
    await waitForMessage(ann, /"12" is not a speed/);
  });

  it('feed (route and /feed): saturation filled to 10, player-feed', async () => {
    assert.equal(ben.foodSaturation, 5);
    const r = await rs.call('POST', state(benId, '/feed'), writer);
    assert.deepEqual([r.json.ok, r.json.data.food], [true, 20]);
    await waitFor(() => ben.foodSaturation === 10, 'Ben fed');
    const e = await events.next('playerstate.player-feed', (d) => d['player-id'] === benId);
    assert.deepEqual([e.data.food, e.data['previous-food'], e.data.actor], [20, 20, 'core-rest/writer']);
    assert.equal(ann.foodSaturation, 5);
    ann.chat('/feed');
    await waitFor(() => ann.foodSaturation === 10, 'Ann fed');
    await events.next('playerstate.player-feed', (d) => d['player-id'] === annId && d.actor === 'Ann');
  });

  it('/heal Ann by Ben with .others', async () => {
    benHitsAnn();
    await waitFor(() => ann.health < 20, 'Ann hurt');
    ben.chat('/heal Ann');
    await waitFor(() => ann.health === 20, 'Ann healed by Ben');
    await events.next('playerstate.player-heal', (d) => d['player-id'] === annId && d.actor === 'Ben');
  });

  it('answers player-offline for a known player who left, on the read and every write', async () => {
    await quit(ben);
    await waitFor(() => !Object.values(ann.players).some((p) => p.username === 'Ben'), 'Ben gone');
    const read = await rs.call('GET', state(benId), reader);
    assert.deepEqual([read.status, read.json.code], [200, 'player-offline']);
    for (const [path, body] of [
      ['/god', {}],
      ['/fly', {}],
      ['/gamemode', { mode: 'creative' }],
      ['/walk-speed', { multiplier: 2 }],
      ['/fly-speed', { multiplier: 2 }],
      ['/heal', undefined],
      ['/feed', undefined],
    ] as const) {
      const w = await rs.call('POST', state(benId, path), writer, body);
      assert.deepEqual([w.status, w.json.code], [200, 'player-offline'], path);
    }
  });

  it('keeps god, fly and speeds across a rejoin', async () => {
    await rs.call('POST', state(annId, '/god'), writer, { enabled: true });
    await rs.call('POST', state(annId, '/fly'), writer, { enabled: true });
    await quit(ann);
    ann = await join('Ann');
    await waitFor(() => (flags(ann) & (INVULNERABLE | ALLOW_FLIGHT)) === (INVULNERABLE | ALLOW_FLIGHT), 'god and flight again after the rejoin');
    await waitFor(() => near(abilities.get(ann)?.walkingSpeed, 0.3) && near(abilities.get(ann)?.flyingSpeed, 0.2), 'speeds again after the rejoin');
    const s = (await rs.call('GET', state(annId), reader)).json.data;
    assert.deepEqual([s.god, s.fly, s['walk-speed'], s['fly-speed'], s['game-mode']], [true, true, 3, 4, 'survival']);
  });

  it('keeps god, fly, speeds and the game mode across a restart', async () => {
    await rs.call('POST', state(annId, '/gamemode'), writer, { mode: 'adventure' });
    await waitFor(() => ann.game.gameMode === 'adventure', 'Ann in adventure');
    events.close();
    await quit(ann);
    rs = await scene.restart();
    const token = await rs.token('writer2', 'read,write,events');
    events = await rs.subscribe(token, ['playerstate.*']);
    ann = await join('Ann');
    await waitFor(() => ann.game.gameMode === 'adventure', 'Ann in adventure after the restart');
    await waitFor(() => (flags(ann) & (INVULNERABLE | ALLOW_FLIGHT)) === (INVULNERABLE | ALLOW_FLIGHT), 'god and flight after the restart');
    await waitFor(() => near(abilities.get(ann)?.walkingSpeed, 0.3), 'walk speed after the restart');
    const s = (await rs.call('GET', state(annId), token)).json.data;
    assert.deepEqual([s.god, s.fly, s['walk-speed'], s['fly-speed'], s['game-mode']], [true, true, 3, 4, 'adventure']);
  });
});
