// The command gate against the real game (its route, the decisions and the refusals:
// src/modules/commandgate/commandgate.scene.test.ts): a list loaded at `core reload` reaches the
// bot as a new command tree and in its client's tab completion, a blocked command is refused with
// a sentence and does nothing, the bypass node sends the tree again, and no built-in command of
// flying-squid gets past it. The gate is the whole server's: the part writes command-gate.conf while
// it runs and puts back the file it found (and reloads it) before it ends.

import { after, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitForMessage, type Bot } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';

const BLACKLIST = `# The commandgate part's gate: /sethome and /balance (listed by its alias "money") are blocked.
[default]
mode = "blacklist"
commands = ["sethome", "money"]
`;
const WHITELIST = '[default]\nmode = "whitelist"\ncommands = ["sethome", "help"]\n';

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

export const commandgatePart: AreaPart = {
  name: 'commandgate',
  tests(scene) {
    const file = () => join(scene().dataDir, 'core', 'command-gate.conf');
    /** The file as the part found it; undefined until the part writes its own. */
    let found: string | undefined;
    let bypass = false;
    const homes: string[] = [];

    const homeCount = async () => {
      const { rs, reader, ann } = scene();
      return (await rs.call('GET', `/players/${ann.player.uuid}/homes`, reader)).json.data.count as number;
    };
    /** Tab completion of a partial line, as the bot's client asks for it. */
    const completes = async (line: string) => ((await scene().ann.tabComplete(line, false, false)) as unknown as Array<string | { match: string }>).map((m) => (typeof m === 'string' ? m : m.match));
    const gate = async (text: string) => {
      found ??= readFileSync(file(), 'utf8');
      writeFileSync(file(), text);
      await scene().rs.console('core reload', /command-gate\.conf: changed; applied now: default\./);
    };
    const setBypass = async (on: boolean) => {
      const { rs } = scene();
      if (on) await rs.console('perm grant Ann core.commandgate.bypass', /Granted core\.commandgate\.bypass to Ann/);
      else await rs.console('perm revoke Ann core.commandgate.bypass', /Revoked core\.commandgate\.bypass from Ann/);
      bypass = on;
    };
    const setHome = async (label: string) => {
      const { ann } = scene();
      const set = waitForMessage(ann, new RegExp(`You set your home \\d+ \\(${label}\\) at`));
      ann.chat(`/sethome ${label}`);
      await set;
      homes.push(label);
    };
    /** Puts back the file found and the homes set, leaving Ann with every command offered again. */
    const restore = async () => {
      const { rs, ann } = scene();
      if (bypass) await setBypass(false);
      if (found !== undefined) {
        const tree = treeWhere(ann, (names) => names.includes('home') && names.includes('balance') && names.includes('sethome'), 'with home, balance and sethome');
        writeFileSync(file(), found);
        found = undefined;
        await rs.console('core reload', /command-gate\.conf: changed/);
        await tree;
      }
      for (const label of homes.splice(0)) {
        const gone = waitForMessage(ann, new RegExp(`You deleted your home \\d+ \\(${label}\\)\\.`));
        ann.chat(`/delhome ${label}`);
        await gone;
      }
    };
    after(restore);

    it('sends the bot a command tree without what a blacklist loaded at core reload lists; the bot reads the refusal, and nothing is done', async () => {
      const { ann } = scene();
      const tree = treeWhere(ann, (names) => names.includes('home') && !names.includes('sethome') && !names.includes('balance'), 'without sethome and balance');
      await gate(BLACKLIST);
      await tree;
      const before = await homeCount();
      const told = waitForMessage(ann, /You may not use/);
      ann.chat('/sethome');
      assert.equal(await told, 'You may not use /sethome: it is blocked on this server.');
      assert.equal(await homeCount(), before);
      const alias = waitForMessage(ann, /You may not use|balance/i);
      ann.chat('/bal');
      assert.equal(await alias, 'You may not use /balance: it is blocked on this server.');
    });

    it('does not offer a blocked command in the client’s tab completion; the commands allowed still are', async () => {
      assert.deepEqual(await completes('/seth'), []);
      assert.deepEqual(await completes('/mon'), []);
      assert.ok((await completes('/hom')).includes('home'));
    });

    it('sends the tree again when the bypass node is granted, and the bot runs the blocked command: the home is set', async () => {
      const { ann } = scene();
      const tree = treeWhere(ann, (names) => names.includes('sethome') && names.includes('balance'), 'with sethome and balance');
      await setBypass(true);
      await tree;
      assert.ok((await completes('/seth')).includes('sethome'));
      const before = await homeCount();
      await setHome('cgate-pass');
      assert.equal(await homeCount(), before + 1);
      const again = treeWhere(ann, (names) => !names.includes('sethome'), 'without sethome');
      await setBypass(false);
      await again;
    });

    it('applies a whitelist at core reload: the tree holds only what it lists, /home is refused and /sethome still works', async () => {
      const { ann } = scene();
      const tree = treeWhere(ann, (names) => names.join() === 'help,sethome', 'of help and sethome');
      await gate(WHITELIST);
      await tree;
      const refused = waitForMessage(ann, /You may not use/);
      ann.chat('/home');
      assert.equal(await refused, 'You may not use /home: only the commands listed are allowed on this server, and it is not one of them.');
      const before = await homeCount();
      await setHome('cgate-listed');
      assert.equal(await homeCount(), before + 1);
    });

    it('lets no built-in command of flying-squid past the gate: a player reaches only the plugin’s commands', async () => {
      const { ann } = scene();
      for (const builtin of ['op Ann', 'setblock ~ ~ ~ stone']) {
        const told = waitForMessage(ann, /Unknown command|You may not use/);
        ann.chat(`/${builtin}`);
        assert.equal(await told, `Unknown command "${builtin.split(' ')[0]}". Type /help for the commands you may use.`);
      }
    });

    it('gives every command back when the file found is put back at core reload', async () => {
      await restore();
      assert.ok((await completes('/seth')).includes('sethome'));
      assert.ok((await completes('/bal')).includes('balance'));
    });
  },
};
