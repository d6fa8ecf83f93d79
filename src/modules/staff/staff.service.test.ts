import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSOLE } from '../../core/kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { declined, invalid, value } from '../../../test/support/results.ts';
import { withPostgres } from '../../../test/support/postgres.ts';
import { vanishModule } from '../vanish/index.ts';
import { staffModule } from './index.ts';

const UNKNOWN = '00000000-0000-0000-0000-0000000000ab';

describe('staff mode', () => {
  let t: TestKernel;
  const ids: Record<string, string> = {};
  const grant = async (who: string, node: string) => value(await t.kernel.api.permissions.grant(ids[who]!, node, CONSOLE));
  const said = (who: string) => t.platform.messagesOf(ids[who]!);
  const seenBy = (who: string) => t.platform.display.playersSeenBy(ids[who]!).map((p) => p.name).sort();
  const status = async (who: string) => value(await t.kernel.api.staff.status(ids[who]!));
  const lastMode = () => t.emittedNamed('staff.mode').at(-1)?.data;

  before(async () => {
    t = await startTestKernel({ modules: [vanishModule, staffModule] });
    for (const name of ['Ann', 'Ben', 'Cat']) ids[name] = (await t.join(name)).uuid;
    // Ann is staff (the default mode, and watch); Cat reads staff chat; Ben is an ordinary player.
    await grant('Ann', 'core.staff.use');
    await grant('Ann', 'core.staff.mode.watch');
    await grant('Ann', 'core.staff.chat');
    await grant('Cat', 'core.staff.chat');
  });
  beforeEach(() => t.platform.clearMessages());
  after(() => t.close());

  it('writes staff.conf with the modes mod (creative, vanish), watch (spectator, vanish) and helper', () => {
    assert.deepEqual(t.kernel.api.staff.modes().names, ['mod', 'watch', 'helper']);
    assert.equal(t.kernel.api.staff.modes().defaultMode, 'mod');
  });

  it('refuses /staff to a player without core.staff.use, naming the node', async () => {
    await t.platform.run(ids.Ben!, 'staff');
    assert.match(said('Ben').at(-1)!, /permission \(core\.staff\.use\)/);
    assert.equal((await status('Ben'))['on-duty'], false);
  });

  it('/staff puts Ann on duty in the default mode: creative and vanished, with staff.mode', async () => {
    await t.platform.run(ids.Ann!, 'staff');
    assert.equal(said('Ann').at(-1), 'You are on staff duty (mod): game mode creative, vanished. /staff again to leave.');
    assert.equal(t.platform.gameMode(ids.Ann!), 'creative');
    assert.equal(t.kernel.api.vanish.isVanished(ids.Ann!), true);
    assert.deepEqual(seenBy('Ben'), ['Cat']);
    const s = await status('Ann');
    assert.deepEqual([s['on-duty'], s.mode, s.online], [true, 'mod', true]);
    assert.match(s.since!, /^\d{4}-/);
    assert.deepEqual(lastMode(), {
      'player-id': ids.Ann,
      'player-name': 'Ann',
      'on-duty': true,
      mode: 'mod',
      'previous-mode': null,
      reason: 'command',
      actor: 'Ann',
      'occurred-at': lastMode()?.['occurred-at'],
    });
    assert.deepEqual(value(await t.kernel.api.staff.list()), { players: [{ 'player-id': ids.Ann, 'player-name': 'Ann', mode: 'mod', since: s.since }], count: 1 });
  });

  it('switches Ann to watch (spectator, still vanished, since kept); a mode without its node is refused', async () => {
    const since = (await status('Ann')).since;
    await t.platform.run(ids.Ann!, 'staff helper');
    assert.match(said('Ann').at(-1)!, /permission \(core\.staff\.mode\.helper\)/);
    await t.platform.run(ids.Ann!, 'staff nope');
    assert.equal(said('Ann').at(-1), 'There is no staff mode "nope". Modes: mod, watch, helper.');
    await t.platform.run(ids.Ann!, 'staff watch');
    assert.equal(t.platform.gameMode(ids.Ann!), 'spectator');
    assert.equal(t.kernel.api.vanish.isVanished(ids.Ann!), true);
    assert.deepEqual([(await status('Ann')).mode, (await status('Ann')).since], ['watch', since]);
    assert.deepEqual([lastMode()?.mode, lastMode()?.['previous-mode']], ['watch', 'mod']);
    assert.deepEqual(t.platform.complete(ids.Ann!, 'staff '), ['mod', 'watch']);
  });

  it('/staff again gives back the game mode and shows Ann again', async () => {
    await t.platform.run(ids.Ann!, 'staff');
    assert.equal(said('Ann').at(-1), 'You are off staff duty: your game mode and visibility are back as they were.');
    assert.equal(t.platform.gameMode(ids.Ann!), 'survival');
    assert.equal(t.kernel.api.vanish.isVanished(ids.Ann!), false);
    assert.deepEqual(seenBy('Ben'), ['Ann', 'Cat']);
    assert.deepEqual([lastMode()?.['on-duty'], lastMode()?.mode, lastMode()?.['previous-mode']], [false, null, 'watch']);
    assert.deepEqual(value(await t.kernel.api.staff.list()), { players: [], count: 0 });
    const actions = (await t.kernel.api.audit.history(ids.Ann!, 5)).map((e) => e.action);
    assert.deepEqual(actions.slice(0, 3), ['staff.off', 'vanish.off', 'staff.switch']);
  });

  it('leaves a player vanished by their own /vanish vanished when duty ends', async () => {
    await grant('Ann', 'core.vanish.use');
    value(await t.kernel.api.vanish.set(ids.Ann!, true, CONSOLE));
    await t.platform.run(ids.Ann!, 'staff');
    await t.platform.run(ids.Ann!, 'staff');
    assert.equal(t.kernel.api.vanish.isVanished(ids.Ann!), true);
    value(await t.kernel.api.vanish.set(ids.Ann!, false, CONSOLE));
  });

  it('declines an offline player, an unknown mode, the state already held and a player never seen', async () => {
    const staff = t.kernel.api.staff;
    declined(await staff.setDuty(ids.Ann!, null, CONSOLE), 'already-in-state');
    declined(await staff.setDuty(ids.Ann!, 'nope', CONSOLE), 'not-found');
    declined(await staff.setDuty(UNKNOWN, 'mod', CONSOLE), 'not-found');
    declined(await t.kernel.api.staff.status(UNKNOWN), 'not-found');
    await assert.rejects(staff.status('nobody'), invalid('uuid'));
    t.platform.quit(ids.Cat!);
    declined(await staff.setDuty(ids.Cat!, 'mod', CONSOLE), 'player-offline');
    await t.join('Cat');
  });

  it('ends duty when Ann quits (shown again at once, staff.mode reason quit), and gives back her game mode when she joins', async () => {
    await t.platform.run(ids.Ann!, 'staff');
    t.platform.quit(ids.Ann!);
    await t.until(() => lastMode()?.reason === 'quit', 'staff.mode with reason quit');
    assert.deepEqual([lastMode()?.['on-duty'], lastMode()?.actor], [false, 'console']);
    await t.until(() => !t.kernel.api.vanish.isVanished(ids.Ann!), 'Ann to be shown again');
    assert.equal((await status('Ann'))['on-duty'], false);
    // The game server keeps the game mode she left in.
    t.platform.join('Ann', { uuid: ids.Ann!, gameMode: 'creative' });
    await t.until(() => t.platform.gameMode(ids.Ann!) === 'survival', 'Ann’s game mode to be given back');
    await t.until(() => /no longer on staff duty \(mod\)/.test(said('Ann').at(-1) ?? ''), 'Ann to be told she is off duty');
    assert.equal(t.emittedNamed('staff.mode').filter((e) => e.data.reason === 'quit').length, 1, 'no second event at the join');
  });

  it('sends /sc to holders of core.staff.chat and the console, not to others, with staff.chat', async () => {
    await t.platform.run(ids.Ann!, 'sc need a hand at spawn');
    assert.equal(said('Ann').at(-1), '[Staff] Ann: need a hand at spawn');
    assert.equal(said('Cat').at(-1), '[Staff] Ann: need a hand at spawn');
    assert.deepEqual(said('Ben'), []);
    assert.equal(t.platform.consoleText().at(-1), '[Staff] Ann: need a hand at spawn');
    const e = t.emittedNamed('staff.chat').at(-1)?.data;
    assert.deepEqual([e?.['sender-id'], e?.['sender-name'], e?.message, e?.recipients], [ids.Ann, 'Ann', 'need a hand at spawn', 2]);
    await t.platform.run('console', 'sc on my way');
    assert.equal(said('Cat').at(-1), '[Staff] console: on my way');
    assert.equal(t.emittedNamed('staff.chat').at(-1)?.data['sender-id'], null);
    await t.platform.run(ids.Ben!, 'sc hi');
    assert.match(said('Ben').at(-1)!, /permission \(core\.staff\.chat\)/);
  });

  it('/sc without a message sends Ann’s chat to staff only until she switches back', async () => {
    await t.platform.run(ids.Ann!, 'sc');
    assert.match(said('Ann').at(-1)!, /now goes to staff chat only/);
    assert.equal(t.platform.chat(ids.Ann!, 'secret plan'), false);
    assert.equal(said('Cat').at(-1), '[Staff] Ann: secret plan');
    assert.equal(t.platform.display.chatSeen.get(ids.Ben!)?.includes('<Ann> secret plan') ?? false, false);
    await t.platform.run(ids.Ann!, 'staffchat');
    assert.equal(said('Ann').at(-1), 'Your chat goes to everyone again.');
    assert.equal(t.platform.chat(ids.Ann!, 'hello all'), true);
    await t.platform.run('console', 'sc');
    assert.match(t.platform.consoleText().at(-1)!, /Usage: sc <message>/);
  });

  it('ends duty at a restart: everything is given back when the player next joins (staff.mode reason restart)', async () => {
    await t.platform.run(ids.Ann!, 'staff');
    assert.equal(t.kernel.api.vanish.isVanished(ids.Ann!), true);
    await t.restart();
    // The game server kept the creative mode she was in.
    t.platform.join('Ann', { uuid: ids.Ann!, gameMode: 'creative' });
    await t.until(() => lastMode()?.reason === 'restart', 'staff.mode with reason restart');
    await t.until(() => t.platform.gameMode(ids.Ann!) === 'survival', 'the game mode to be given back');
    assert.equal(t.kernel.api.vanish.isVanished(ids.Ann!), false);
    assert.equal((await status('Ann'))['on-duty'], false);
  });
});

describe('staff mode without the vanish module', () => {
  it('changes the game mode only, and says the player is not vanished', async () => {
    const t = await startTestKernel({ modules: [staffModule] });
    try {
      const ann = (await t.join('Ann')).uuid;
      value(await t.kernel.api.permissions.grant(ann, 'core.staff.use', CONSOLE));
      await t.platform.run(ann, 'staff');
      assert.equal(t.platform.messagesOf(ann).at(-1), 'You are on staff duty (mod): game mode creative, not vanished (the vanish module is off). /staff again to leave.');
      assert.equal(t.platform.gameMode(ann), 'creative');
    } finally {
      await t.close();
    }
  });
});

describe('staff.conf', () => {
  it('reads modes that keep the game mode, and names the key of a bad value', async () => {
    const t = await startTestKernel({
      modules: [staffModule],
      beforeStart: (dir) => writeFileSync(join(dir, 'staff.conf'), 'default-mode = "helper"\n[modes.helper]\ngame-mode = "keep"\nvanish = false\n'),
    });
    try {
      const ann = (await t.join('Ann')).uuid;
      value(await t.kernel.api.permissions.grant(ann, 'core.staff.use', CONSOLE));
      await t.platform.run(ann, 'staff');
      assert.equal(t.platform.messagesOf(ann).at(-1), 'You are on staff duty (helper): your own game mode. /staff again to leave.');
      assert.equal(t.platform.gameMode(ann), 'survival');
      for (const [text, key] of [
        ['[modes.a]\ngame-mode = "flying"\n', 'modes.a.game-mode'],
        ['[modes.a]\nvanish = "yes"\n', 'modes.a.vanish'],
        ['default-mode = "b"\n[modes.a]\n', 'default-mode'],
        ['[modes.A]\n', 'modes.A'],
        ['colour = 1\n[modes.a]\n', 'colour'],
      ]) {
        writeFileSync(join(t.configDir, 'staff.conf'), text!);
        const [r] = t.kernel.configs.reloadAll().filter((f) => f.file === 'staff.conf');
        assert.equal(r?.outcome, 'invalid', text);
        assert.match(r?.outcome === 'invalid' ? r.problem : '', new RegExp(`key "${key!.replace('.', '\\.')}"`), text);
      }
    } finally {
      await t.close();
    }
  });

  it('stores duty on PostgreSQL too', (ctx) =>
    withPostgres(ctx, 'staff', async (openDb) => {
      const k = await startTestKernel({ modules: [vanishModule, staffModule], openDb });
      try {
        const ann = (await k.join('Ann')).uuid;
        value(await k.kernel.api.staff.setDuty(ann, 'watch', CONSOLE));
        await k.restart();
        k.platform.join('Ann', { uuid: ann, gameMode: 'spectator' });
        // PostgreSQL answers over the network: wait in real time rather than event-loop turns.
        for (let i = 0; i < 100 && k.platform.gameMode(ann) !== 'survival'; i++) await new Promise((r) => setTimeout(r, 20));
        assert.equal(k.platform.gameMode(ann), 'survival');
        assert.equal(k.kernel.api.vanish.isVanished(ann), false);
      } finally {
        await k.close();
      }
    }));
});
