// The player state against the real game (its routes, commands and events:
// src/modules/playerstate/playerstate.scene.test.ts): what the bots see of god mode, flight, game
// mode, speeds, health and saturation (the abilities packet's flags and speeds, the movement speed
// attribute, real hits that do or do no harm), every command run by a bot, and the state put on
// again at a rejoin. Two bots of its own: Stella, whose state changes, and Stan, who hits her and
// acts on her with the .others nodes; both quit at the end.

import { after, before, it } from 'node:test';
import assert from 'node:assert/strict';
import { createBot, nextEvent, quit, waitFor, waitForMessage, type Bot } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';

interface AbilitiesPacket {
  flags: number;
  flyingSpeed: number;
  walkingSpeed: number;
}
const INVULNERABLE = 1;
const FLYING = 2;
const ALLOW_FLIGHT = 4;

export const playerstatePart: AreaPart = {
  name: 'playerstate',
  tests(scene) {
    let stella: Bot;
    let stan: Bot;
    let stellaId: string;
    const abilities = new Map<Bot, AbilitiesPacket>();
    /** The last movement speed attribute each bot was sent for itself (what makes a walk speed felt). */
    const movementSpeed = new Map<Bot, number>();

    /** A bot that has spawned, whose every abilities packet (mineflayer drops them) is recorded from the start. */
    async function join(name: string): Promise<Bot> {
      const bot = createBot(scene().rs.server.gamePort, name);
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
    const state = (path = '') => `/players/${stellaId}/state${path}`;
    const readState = async () => (await scene().rs.call('GET', state(), scene().reader)).json.data;
    /**
     * Resolves once the server has handled everything the bot sent before, and the bot has read
     * everything the server sent it before that: the server answers a bot's packets in order.
     */
    const fence = (bot: Bot) => bot.tabComplete('/', false, false);
    /** Stan hits Stella once. */
    const stanHitsStella = () => {
      const target = Object.values(stan.entities).find((e) => e.type === 'player' && e.username === 'Stella');
      assert.ok(target, 'Stan sees Stella');
      stan.attack(target);
    };

    before(async () => {
      const { rs } = scene();
      stella = await join('Stella');
      stan = await join('Stan');
      stellaId = stella.player.uuid;
      // Side by side, wherever the spawn put them.
      await rs.console('tp Stan Stella', /Teleported Stan to Stella\./);
      await waitFor(() => Object.values(stan.entities).some((e) => e.type === 'player' && e.username === 'Stella'), 'Stan to see Stella');
      for (const node of ['god', 'gamemode', 'gamemode.others', 'speed', 'heal', 'feed']) {
        await rs.console(`perm grant Stella core.playerstate.${node}`, new RegExp(`Granted core\\.playerstate\\.${node.replace('.', '\\.')} to Stella`));
      }
      for (const node of ['fly', 'fly.others', 'speed', 'speed.others', 'heal', 'heal.others', 'feed']) {
        await rs.console(`perm grant Stan core.playerstate.${node}`, new RegExp(`Granted core\\.playerstate\\.${node.replace('.', '\\.')} to Stan`));
      }
    });
    after(async () => {
      await quit(stella);
      await quit(stan);
    });

    it('hurts a bot that another bot hits, and the heal route heals it as the bot sees', async () => {
      stanHitsStella();
      await waitFor(() => stella.health < 20, 'Stella to be hurt');
      const hurt = stella.health;
      assert.equal((await readState()).health, hurt, 'the read shows the health the bot sees');
      const r = await scene().rs.call('POST', state('/heal'), scene().writer);
      assert.deepEqual([r.json.ok, r.json.data.health], [true, 20]);
      await waitFor(() => stella.health === 20, 'Stella healed');
    });

    it('god mode: the invulnerable flag reaches the bot and another bot’s hits do no harm; /god takes it away, a hit hurts, /heal heals', async () => {
      const told = waitForMessage(stella, /God mode enabled\./);
      const r = await scene().rs.call('POST', state('/god'), scene().writer, { enabled: true });
      assert.equal(r.json.ok, true, JSON.stringify(r.json));
      await told;
      await waitFor(() => (flags(stella) & INVULNERABLE) !== 0, 'the invulnerable flag');
      stanHitsStella();
      stanHitsStella();
      // The server has handled both hits, and Stella has read whatever they did to her.
      await fence(stan);
      await fence(stella);
      assert.equal(stella.health, 20, 'Stella unhurt in god mode');
      assert.equal((await readState()).health, 20);

      const off = waitForMessage(stella, /God mode disabled\./);
      stella.chat('/god');
      await off;
      await waitFor(() => (flags(stella) & INVULNERABLE) === 0, 'the invulnerable flag gone');
      stanHitsStella();
      await waitFor(() => stella.health < 20, 'Stella hurt again');
      const healed = waitForMessage(stella, /You have been healed\./);
      stella.chat('/heal');
      await healed;
      await waitFor(() => stella.health === 20, 'Stella healed by /heal');
    });

    it('flight: allowed flight reaches the bot; its own take-off shows in the read; /fly Stella by Stan takes it away; /fly Stan by Stella is refused', async () => {
      const r = await scene().rs.call('POST', state('/fly'), scene().writer, { enabled: true });
      assert.deepEqual([r.json.data.fly, r.json.data['flight-allowed']], [true, true]);
      await waitFor(() => (flags(stella) & ALLOW_FLIGHT) !== 0, 'the allow-flight flag');
      // The client tells the server it took off (a double jump), as a game client does.
      stella._client.write('abilities', { flags: FLYING });
      await fence(stella);
      assert.equal((await readState()).flying, true, 'the read shows Stella flying');
      stan.chat('/fly Stella');
      await waitFor(() => (flags(stella) & (ALLOW_FLIGHT | FLYING)) === 0, 'flight taken away');
      const now = await readState();
      assert.deepEqual([now.fly, now['flight-allowed'], now.flying], [false, false, false]);

      const refused = waitForMessage(stella, /core\.playerstate\.fly/);
      stella.chat('/fly Stan');
      await refused;
      await fence(stan);
      assert.equal(flags(stan) & ALLOW_FLIGHT, 0, 'Stan was not given flight');
    });

    it('game mode: the bot sees each one, set by the route and by every command form', async () => {
      const r = await scene().rs.call('POST', state('/gamemode'), scene().writer, { mode: 'creative' });
      assert.deepEqual([r.json.ok, r.json.data['game-mode']], [true, 'creative']);
      await waitFor(() => stella.game.gameMode === 'creative', 'Stella in creative');
      await waitFor(() => (flags(stella) & ALLOW_FLIGHT) !== 0, 'creative allows flight');
      for (const [line, mode] of [
        ['/gamemode adventure', 'adventure'],
        ['/gm 3', 'spectator'],
        ['/gms', 'survival'],
        ['/gmc', 'creative'],
        ['/gma', 'adventure'],
        ['/gmsp', 'spectator'],
        ['/gm s', 'survival'],
      ] as const) {
        stella.chat(line);
        await waitFor(() => stella.game.gameMode === mode, `${line}: Stella in ${mode}`);
      }
      stella.chat('/gmc Stan');
      await waitFor(() => stan.game.gameMode === 'creative', 'Stan in creative');
      stella.chat('/gms Stan');
      await waitFor(() => stan.game.gameMode === 'survival', 'Stan back in survival');
      assert.equal((await readState())['game-mode'], 'survival');
    });

    it('speeds: the abilities packet and the movement speed attribute carry them, set by the routes and by /speed', async () => {
      const walk = await scene().rs.call('POST', state('/walk-speed'), scene().writer, { multiplier: 2 });
      assert.equal(walk.json.data['walk-speed'], 2);
      await waitFor(() => near(abilities.get(stella)?.walkingSpeed, 0.2), 'walking speed 0.2');
      await waitFor(() => near(movementSpeed.get(stella), 0.2), 'movement speed attribute 0.2');
      const fly = await scene().rs.call('POST', state('/fly-speed'), scene().writer, { multiplier: 3 });
      assert.equal(fly.json.data['fly-speed'], 3);
      await waitFor(() => near(abilities.get(stella)?.flyingSpeed, 0.15), 'flying speed 0.15');
      stella.chat('/speed walk 1.5');
      await waitFor(() => near(abilities.get(stella)?.walkingSpeed, 0.15), 'walking speed 0.15 after /speed walk');
      await waitFor(() => near(movementSpeed.get(stella), 0.15), 'movement speed attribute 0.15');
      stella.chat('/speed 3');
      await waitFor(() => near(abilities.get(stella)?.walkingSpeed, 0.3), 'walking speed 0.3 after /speed (walking)');
      stan.chat('/speed fly 4 Stella');
      await waitFor(() => near(abilities.get(stella)?.flyingSpeed, 0.2), 'flying speed 0.2 set by Stan');
      const refused = waitForMessage(stella, /"12" is not a speed/);
      stella.chat('/speed walk 12');
      await refused;
      assert.ok(near(abilities.get(stella)?.walkingSpeed, 0.3), 'the walking speed is unchanged');
    });

    it('feed and heal: /feed and the route fill the bots’ saturation to 10; /heal Stella by Stan heals her', async () => {
      const fed = waitForMessage(stella, /Your appetite was sated\./);
      stella.chat('/feed');
      await fed;
      await waitFor(() => stella.foodSaturation === 10, 'Stella fed');
      const r = await scene().rs.call('POST', `/players/${stan.player.uuid}/state/feed`, scene().writer);
      assert.deepEqual([r.json.ok, r.json.data.food], [true, 20]);
      await waitFor(() => stan.foodSaturation === 10, 'Stan fed');

      stanHitsStella();
      await waitFor(() => stella.health < 20, 'Stella hurt');
      stan.chat('/heal Stella');
      await waitFor(() => stella.health === 20, 'Stella healed by Stan');
    });

    it('puts god, flight, speeds and the game mode on the bot again when it joins again', async () => {
      const { rs, writer } = scene();
      for (const [path, body] of [
        ['/god', { enabled: true }],
        ['/fly', { enabled: true }],
        ['/gamemode', { mode: 'adventure' }],
      ] as const) {
        const r = await rs.call('POST', state(path), writer, body);
        assert.equal(r.json.ok, true, `${path}: ${JSON.stringify(r.json)}`);
      }
      await waitFor(() => stella.game.gameMode === 'adventure', 'Stella in adventure');
      await quit(stella);
      stella = await join('Stella');
      await waitFor(() => stella.game.gameMode === 'adventure', 'Stella in adventure after the rejoin');
      await waitFor(() => (flags(stella) & (INVULNERABLE | ALLOW_FLIGHT)) === (INVULNERABLE | ALLOW_FLIGHT), 'god and flight again after the rejoin');
      await waitFor(() => near(abilities.get(stella)?.walkingSpeed, 0.3) && near(abilities.get(stella)?.flyingSpeed, 0.2), 'speeds again after the rejoin');
      await waitFor(() => near(movementSpeed.get(stella), 0.3), 'the movement speed attribute again after the rejoin');
      const s = await readState();
      assert.deepEqual([s.god, s.fly, s['walk-speed'], s['fly-speed'], s['game-mode']], [true, true, 3, 4, 'adventure']);
    });
  },
};
