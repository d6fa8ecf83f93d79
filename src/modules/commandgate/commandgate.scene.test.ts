// The command gate over real HTTP, on the in-process scene (the whole plugin on the fake platform,
// test/support/scene.ts): a blacklisted command is refused in game and does nothing, it is not
// offered by completion, the route answers the same decision, a holder of the bypass node runs
// it, and `core reload` of command-gate.conf changes all of it while the server runs. What a player
// sees of it in the real game (the command tree sent, the client's tab completion, flying-squid's
// own commands): test/e2e/areas/commandgate.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startKernelScene, type KernelScene, type SceneRest, type ScenePlayer } from '../../../test/support/scene.ts';

const GATE = `# The scene's gate: /sethome and /balance (listed by its alias "money") are blocked.
[default]
mode = "blacklist"
commands = ["sethome", "money"]
`;

describe('the command gate over the Remote Access Service (in process)', () => {
  let scene: KernelScene;
  let rs: SceneRest;
  let reader: string;
  let ann: ScenePlayer;
  let ben: ScenePlayer;
  let annId: string;

  const check = (command: string, uuid = annId) => rs.call('GET', `/players/${uuid}/command-check?command=${encodeURIComponent(command)}`, reader);
  const homeCount = async () => (await rs.call('GET', `/players/${annId}/homes`, reader)).json.data.count as number;
  /** What completion offers Ann for a partial line. */
  const completes = (line: string) => scene.t.platform.complete(annId, line);

  before(async () => {
    ({ rs, reader, ann, ben } = scene = await startKernelScene(['home.*'], { config: { 'core/command-gate.conf': GATE } }));
    annId = ann.uuid;
  });
  after(() => scene?.close());

  it('refuses a blacklisted command with a sentence saying why, and the command does nothing', async () => {
    const told = await ann.run('/sethome', /You may not use/);
    assert.equal(told, 'You may not use /sethome: it is blocked on this server.');
    await scene.t.settle();
    assert.deepEqual(scene.t.emittedNamed('home.create'), [], 'no home.create event for the refused /sethome');
    assert.equal(await homeCount(), 0);
  });

  it('treats an alias as its command: /bal is refused because "money" is listed', async () => {
    const told = await ann.run('/bal', /You may not use|balance/i);
    assert.equal(told, 'You may not use /balance: it is blocked on this server.');
  });

  it('does not offer a blocked command in completion; the commands allowed still are', () => {
    assert.deepEqual(completes('/seth'), []);
    assert.deepEqual(completes('/mon'), []);
    assert.ok(completes('/hom').includes('home'), JSON.stringify(completes('/hom')));
  });

  it('answers the route with the same decision for the same command, named by the command or an alias', async () => {
    const r = await check('sethome');
    assert.equal(r.status, 200);
    assert.deepEqual(r.json.data, { 'player-id': annId, 'player-name': 'Ann', command: 'sethome', allowed: false, rule: 'BLACKLISTED', group: null, world: null });
    const alias = await check('/BAL');
    assert.deepEqual([alias.json.data.command, alias.json.data.allowed, alias.json.data.rule], ['balance', false, 'BLACKLISTED']);
    const free = await check('home');
    assert.deepEqual([free.json.data.allowed, free.json.data.rule, free.json.data.group, free.json.data.world], [true, 'NOT_BLACKLISTED', null, null]);
  });

  it('answers 400 naming command when it is missing or not one word, and 404 for a player who is not online', async () => {
    const missing = await rs.call('GET', `/players/${annId}/command-check`, reader);
    assert.deepEqual([missing.status, missing.json.code, missing.json.field], [400, 'bad-request', 'command']);
    const sentence = await check('home 1');
    assert.deepEqual([sentence.status, sentence.json.field], [400, 'command']);
    const benId = ben.uuid;
    assert.equal((await check('sethome', benId)).status, 200);
    ben.quit();
    const offline = await check('sethome', benId);
    assert.deepEqual([offline.status, offline.json.ok, offline.json.code], [404, false, 'not-found']);
    const unseen = await check('sethome', '00000000-0000-0000-0000-0000000000ab');
    assert.equal(unseen.status, 404);
  });

  it('lets a holder of the bypass permission run the command: the home is set', async () => {
    await rs.console('perm grant Ann core.commandgate.bypass', /Granted core\.commandgate\.bypass to Ann/);
    const r = await check('sethome');
    assert.deepEqual([r.json.data.allowed, r.json.data.rule, r.json.data.group, r.json.data.world], [true, 'BYPASS', null, null]);
    assert.ok(completes('/seth').includes('sethome'), 'offered again');
    await ann.run('/sethome', /^You set your home .* at /);
    await scene.events.next('home.create', (d) => d['player-id'] === annId);
    assert.equal(await homeCount(), 1);
    await rs.console('perm revoke Ann core.commandgate.bypass', /Revoked core\.commandgate\.bypass from Ann/);
    assert.equal((await check('sethome')).json.data.rule, 'BLACKLISTED');
  });

  it('applies an edited command-gate.conf at core reload: the route, the refusal and what is offered change', async () => {
    writeFileSync(join(scene.t.configDir, 'command-gate.conf'), '[default]\nmode = "whitelist"\ncommands = ["sethome", "help"]\n');
    await rs.console('core reload', /command-gate\.conf: changed; applied now: default\./);
    const r = await check('sethome');
    assert.deepEqual([r.json.data.allowed, r.json.data.rule], [true, 'WHITELISTED']);
    const home = await check('home');
    assert.deepEqual([home.json.data.allowed, home.json.data.rule], [false, 'NOT_WHITELISTED']);
    assert.deepEqual(completes('/hom'), []);
    assert.ok(completes('/seth').includes('sethome'));

    const refused = await ann.run('/home', /You may not use/);
    assert.equal(refused, 'You may not use /home: only the commands listed are allowed on this server, and it is not one of them.');
    await ann.run('/sethome 2', /^You set your home .* at /);
    assert.equal(await homeCount(), 2);
  });

  it('offers the blocked commands again once the bypass node is granted', async () => {
    await rs.console('perm grant Ann core.commandgate.bypass', /Granted core\.commandgate\.bypass to Ann/);
    assert.ok(completes('/hom').includes('home'));
    assert.ok(completes('/bal').includes('balance'));
    await rs.console('perm revoke Ann core.commandgate.bypass', /Revoked core\.commandgate\.bypass from Ann/);
    assert.deepEqual(completes('/hom'), []);
  });
});
