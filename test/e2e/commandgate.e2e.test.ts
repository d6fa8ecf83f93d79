// The command gate against the real server, with bots as the players: a blacklisted command is
// refused in game and does nothing, it is not offered by tab completion nor in the command tree,
// the route answers the same decision over real HTTP, a holder of the bypass node runs it, and
// `core reload` of command-gate.conf changes all of it while the server runs.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { never, quit, waitForMessage, type Bot } from './support/bots.ts';
import { startScene, type RestServer, type Scene, type Subscription } from './support/rest-server.ts';

const GATE = `# The e2e test's gate: /sethome and /balance (listed by its alias "money") are blocked.
[default]
mode = "blacklist"
commands = ["sethome", "money"]
`;

type TreeNode = { children: number[]; extraNodeData?: { name?: string } };
type Tree = { nodes: TreeNode[]; rootIndex: number };
/** The command names of a declare_commands packet: the literals under the root. */
const literals = (t: Tree): string[] => t.nodes[t.rootIndex]!.children.map((i) => t.nodes[i]!.extraNodeData?.name ?? '');

/** The first command tree sent to the bot from now on whose names pass `match`. */
function treeWhere(bot: Bot, match: (names: string[]) => boolean, what: string, timeoutMs = 10000): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const seen: string[][] = [];
    const timer = setTimeout(() => {
      bot._client.off('declare_commands', onTree);
      reject(new Error(`no command tree ${what} within ${timeoutMs} ms; trees sent: ${JSON.stringify(seen)}`));
    }, timeoutMs);
    function onTree(t: Tree) {
      const got = literals(t);
      seen.push(got);
      if (!match(got)) return;
      clearTimeout(timer);
      bot._client.off('declare_commands', onTree);
      resolve(got);
    }
    bot._client.on('declare_commands', onTree);
  });
}

describe('the command gate on the real server', () => {
  let scene: Scene;
  let rs: RestServer;
  let reader: string;
  let events: Subscription;
  let ann: Bot;
  let ben: Bot;
  let annId: string;

  const check = (command: string, uuid = annId) => rs.call('GET', `/players/${uuid}/command-check?command=${encodeURIComponent(command)}`, reader);
  const homeCount = async () => (await rs.call('GET', `/players/${annId}/homes`, reader)).json.data.count as number;
  /** Tab completion of a partial line, as the bot's client asks for it. */
  const completes = async (line: string) => ((await ann.tabComplete(line, false, false)) as unknown as Array<string | { match: string }>).map((m) => (typeof m === 'string' ? m : m.match));

  before(async () => {
    ({ rs, reader, events, ann, ben } = scene = await startScene(['home.*'], { config: { 'core/command-gate.conf': GATE } }));
    annId = ann.player.uuid;
  });
  after(() => scene?.close());

  it('refuses a blacklisted command with a sentence saying why, and the command does nothing', async () => {
    const told = waitForMessage(ann, /You may not use/);
    ann.chat('/sethome');
    assert.equal(await told, 'You may not use /sethome: it is blocked on this server.');
    await never(() => events.received.some((e) => e.event === 'home.create'), 'a home.create event for the refused /sethome');
    assert.equal(await homeCount(), 0);
  });

  it('treats an alias as its command: /bal is refused because "money" is listed', async () => {
    const told = waitForMessage(ann, /You may not use|balance/i);
    ann.chat('/bal');
    assert.equal(await told, 'You may not use /balance: it is blocked on this server.');
  });

  it('does not offer a blocked command in tab completion; the commands allowed still are', async () => {
    assert.deepEqual(await completes('/seth'), []);
    assert.deepEqual(await completes('/mon'), []);
    assert.ok((await completes('/hom')).includes('home'));
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
    const benId = ben.player.uuid;
    assert.equal((await check('sethome', benId)).status, 200);
    await quit(ben);
    const offline = await check('sethome', benId);
    assert.deepEqual([offline.status, offline.json.ok, offline.json.code], [404, false, 'not-found']);
    const unseen = await check('sethome', '00000000-0000-0000-0000-0000000000ab');
    assert.equal(unseen.status, 404);
  });

  it('lets a holder of the bypass permission run the command: the home is set', async () => {
    await rs.console('perm grant Ann core.commandgate.bypass', /Granted core\.commandgate\.bypass to Ann/);
    const r = await check('sethome');
    assert.deepEqual([r.json.data.allowed, r.json.data.rule, r.json.data.group, r.json.data.world], [true, 'BYPASS', null, null]);
    const set = waitForMessage(ann, /Home .* set at/);
    ann.chat('/sethome');
    await set;
    await events.next('home.create', (d) => d['player-id'] === annId);
    assert.equal(await homeCount(), 1);
    await rs.console('perm revoke Ann core.commandgate.bypass', /Revoked core\.commandgate\.bypass from Ann/);
    assert.equal((await check('sethome')).json.data.rule, 'BLACKLISTED');
  });

  it('applies an edited command-gate.conf at core reload: the route, the refusal and the command tree change', async () => {
    const tree = treeWhere(ann, (names) => names.join() === 'help,sethome', 'of help and sethome');
    writeFileSync(join(scene.dataDir, 'core', 'command-gate.conf'), '[default]\nmode = "whitelist"\ncommands = ["sethome", "help"]\n');
    await rs.console('core reload', /command-gate\.conf: changed; applied now: default\./);
    const r = await check('sethome');
    assert.deepEqual([r.json.data.allowed, r.json.data.rule], [true, 'WHITELISTED']);
    const home = await check('home');
    assert.deepEqual([home.json.data.allowed, home.json.data.rule], [false, 'NOT_WHITELISTED']);

    await tree;

    const refused = waitForMessage(ann, /You may not use/);
    ann.chat('/home');
    assert.equal(await refused, 'You may not use /home: only the commands listed are allowed on this server, and it is not one of them.');
    const set = waitForMessage(ann, /Home .* set at/);
    ann.chat('/sethome 2');
    await set;
    assert.equal(await homeCount(), 2);
  });

  it('sends the command tree again when the bypass node is granted: the blocked commands are offered again', async () => {
    const tree = treeWhere(ann, (names) => names.includes('home') && names.includes('balance'), 'with home and balance');
    await rs.console('perm grant Ann core.commandgate.bypass', /Granted core\.commandgate\.bypass to Ann/);
    await tree;
    assert.ok((await completes('/hom')).includes('home'));
    await rs.console('perm revoke Ann core.commandgate.bypass', /Revoked core\.commandgate\.bypass from Ann/);
  });

  it('lets no built-in command of flying-squid past the gate: a player reaches only the plugin’s commands', async () => {
    for (const builtin of ['op Ann', 'setblock ~ ~ ~ stone']) {
      const told = waitForMessage(ann, /Unknown command|You may not use/);
      ann.chat(`/${builtin}`);
      assert.equal(await told, `Unknown command "${builtin.split(' ')[0]}". Type "help" for the commands you may use.`);
    }
  });
});
