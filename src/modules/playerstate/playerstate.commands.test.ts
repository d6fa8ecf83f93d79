import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CONSOLE } from '../../core/kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { value } from '../../../test/support/results.ts';
import { playerStateModule } from './index.ts';
import { parseGameMode, parseMultiplier } from './playerstate.commands.ts';

describe('player state commands', () => {
  let t: TestKernel;
  let alice: string;
  let bob: string;

  const grant = async (uuid: string, ...nodes: string[]) => {
    for (const n of nodes) value(await t.kernel.api.permissions.grant(uuid, n, CONSOLE));
  };
  const said = (uuid: string) => t.platform.messagesOf(uuid).join('\n');

  before(async () => {
    t = await startTestKernel({ modules: [playerStateModule] });
    alice = (await t.join('Alice')).uuid;
    bob = (await t.join('Bob')).uuid;
  });
  after(() => t.close());
  beforeEach(() => t.platform.clearMessages());

  it('reads game modes by name, 0-3 and s/c/a/sp in any case', () => {
    assert.deepEqual(
      ['survival', 'C', '2', 'sp', 's', '3', 'Adventure'].map(parseGameMode),
      ['survival', 'creative', 'adventure', 'spectator', 'survival', 'spectator', 'adventure'],
    );
    assert.equal(parseGameMode('hardcore'), undefined);
    assert.equal(parseGameMode('4'), undefined);
  });

  it('reads a multiplier from 0 to 10 and names what is wrong otherwise', () => {
    assert.deepEqual(parseMultiplier('2.5'), { ok: true, value: 2.5 });
    assert.deepEqual(parseMultiplier('0'), { ok: true, value: 0 });
    for (const bad of ['11', '-1', 'fast', '1e1', '']) assert.equal(parseMultiplier(bad).ok, false, bad);
  });

  it('refuses every command to a player without the node, naming it', async () => {
    await t.platform.run(alice, '/god');
    assert.match(said(alice), /core\.playerstate\.god/);
    await t.platform.run(alice, '/gmc');
    assert.match(said(alice), /core\.playerstate\.gamemode/);
    assert.equal(t.platform.gameMode(alice), 'survival');
  });

  it('/god toggles god mode for the sender', async () => {
    await grant(alice, 'core.playerstate.god');
    await t.platform.run(alice, '/god');
    assert.equal(t.platform.abilities(alice)?.invulnerable, true);
    assert.match(said(alice), /God mode enabled\./);
    await t.platform.run(alice, '/god');
    assert.equal(t.platform.abilities(alice)?.invulnerable, false);
    assert.match(said(alice), /God mode disabled\./);
    assert.equal(t.emittedNamed('playerstate.player-god-toggle').at(-1)?.data.actor, 'Alice');
  });

  it('acting on another player needs .others; with it the target is told and the sender answered', async () => {
    await t.platform.run(alice, '/god Bob');
    assert.match(said(alice), /core\.playerstate\.god\.others/);
    assert.equal(t.platform.abilities(bob)?.invulnerable, false);
    await grant(alice, 'core.playerstate.god.others');
    await t.platform.run(alice, '/god bob');
    assert.equal(t.platform.abilities(bob)?.invulnerable, true);
    assert.match(said(bob), /God mode enabled\./);
    assert.match(said(alice), /Bob: god mode enabled\./);
    await t.platform.run(alice, '/god Nobody');
    assert.match(said(alice), /No player named Nobody is online/);
  });

  it('/fly toggles flight; the console must name a player', async () => {
    await t.platform.run('console', 'fly');
    assert.match(t.platform.consoleText().join('\n'), /Name a player/);
    await t.platform.run('console', 'fly Bob');
    assert.equal(t.platform.abilities(bob)?.allowFlight, true);
    assert.match(t.platform.consoleText().join('\n'), /Bob: flight enabled\./);
    await t.platform.run('console', 'fly Bob');
    assert.equal(t.platform.abilities(bob)?.allowFlight, false);
  });

  it('/gamemode, /gm and /gmc /gms /gma /gmsp change the game mode', async () => {
    await grant(alice, 'core.playerstate.gamemode', 'core.playerstate.gamemode.others');
    await t.platform.run(alice, '/gamemode creative');
    assert.equal(t.platform.gameMode(alice), 'creative');
    await t.platform.run(alice, '/gm 2');
    assert.equal(t.platform.gameMode(alice), 'adventure');
    await t.platform.run(alice, '/gmsp');
    assert.equal(t.platform.gameMode(alice), 'spectator');
    await t.platform.run(alice, '/gms');
    assert.equal(t.platform.gameMode(alice), 'survival');
    await t.platform.run(alice, '/gma Bob');
    assert.equal(t.platform.gameMode(bob), 'adventure');
    await t.platform.run(alice, '/gmc');
    assert.equal(t.platform.gameMode(alice), 'creative');
    t.platform.clearMessages();
    await t.platform.run(alice, '/gm c');
    assert.match(said(alice), /already in creative mode/);
    await t.platform.run(alice, '/gamemode hardcore');
    assert.match(said(alice), /"hardcore" is not a game mode/);
    await t.platform.run(alice, '/gms');
    await t.platform.run(alice, '/gms Bob');
  });

  it('/speed sets walk or fly speed, or the one in use without a kind; refuses a bad multiplier', async () => {
    await grant(alice, 'core.playerstate.speed', 'core.playerstate.speed.others');
    await t.platform.run(alice, '/speed 3');
    assert.equal(t.platform.abilities(alice)?.walkSpeed, 3, 'walking: the walk speed');
    await t.platform.run(alice, '/speed fly 2');
    assert.equal(t.platform.abilities(alice)?.flySpeed, 2);
    await t.platform.run('console', 'fly Alice');
    t.platform.setAbilities(alice, { flying: true });
    await t.platform.run(alice, '/speed 5');
    assert.equal(t.platform.abilities(alice)?.flySpeed, 5, 'flying: the fly speed');
    await t.platform.run(alice, '/speed walk 0.5 Bob');
    assert.equal(t.platform.abilities(bob)?.walkSpeed, 0.5);
    assert.match(said(alice), /Bob: walk speed 0\.5\./);
    t.platform.clearMessages();
    await t.platform.run(alice, '/speed walk 11');
    assert.match(said(alice), /"11" is not a speed: write a number from 0 to 10/);
    await t.platform.run(alice, '/speed');
    assert.match(said(alice), /Usage/);
    const e = t.emittedNamed('playerstate.player-speed-change').at(-1)?.data;
    assert.deepEqual([e?.['player-name'], e?.kind, e?.multiplier, e?.actor], ['Bob', 'walk', 0.5, 'Alice']);
  });

  it('/heal and /feed restore health and food', async () => {
    await grant(alice, 'core.playerstate.heal', 'core.playerstate.feed', 'core.playerstate.heal.others');
    t.platform.setHealth(alice, 5);
    t.platform.setFood(alice, 5);
    await t.platform.run(alice, '/feed');
    assert.deepEqual([t.platform.vitals(alice)?.health, t.platform.vitals(alice)?.food], [5, 20]);
    await t.platform.run(alice, '/heal');
    assert.equal(t.platform.vitals(alice)?.health, 20);
    t.platform.setHealth(bob, 3);
    await t.platform.run(alice, '/heal Bob');
    assert.equal(t.platform.vitals(bob)?.health, 20);
    await t.platform.run(alice, '/feed Bob');
    assert.match(said(alice), /core\.playerstate\.feed\.others/);
  });

  it('gives no node to every player by default', async () => {
    const carl = (await t.join('Carl')).uuid;
    for (const node of ['god', 'fly', 'gamemode', 'speed', 'heal', 'feed']) {
      assert.equal(t.kernel.api.permissions.playerHas(carl, `core.playerstate.${node}`), false, node);
    }
  });
});
