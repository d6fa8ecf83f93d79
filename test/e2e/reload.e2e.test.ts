// `core reload` against the real server: config files edited while it runs, the reload typed at
// its console and run by a bot in game, the new settings seen over REST, an invalid file told in
// one warning line and the old settings still in force.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { joinBot, quit, recordMessages, waitFor, waitForMessage, type Bot } from './support/bots.ts';
import { startRestServer, type RestServer } from './support/rest-server.ts';

describe('core reload on the real server', () => {
  let rs: RestServer;
  let reader: string;
  let ann: Bot;
  let ben: Bot;
  let kitsFile: string;
  let originalKits: string;

  /** The reply lines of a console command (the game's log lines, without their time and prefix). */
  const REPLY = /^.*?\[game\] /;
  let logged: string[] = [];

  /** Types `core reload` at the console; resolves with the lines of its reply. */
  async function reloadAtConsole(): Promise<string[]> {
    const mark = rs.server.lines.length;
    await rs.console('core reload', /\[game\] Reloaded \d+ config files/);
    // The last file of the reply is the add-on's; the log line naming who reloaded follows it.
    await rs.server.waitForLine(/\[game\] rest\.conf: /, { from: mark });
    await rs.server.waitForLine(/ran core reload\./, { from: mark });
    logged = rs.server.lines.slice(mark);
    return logged.filter((l) => REPLY.test(l)).map((l) => l.replace(REPLY, ''));
  }

  before(async () => {
    rs = await startRestServer({ requestsPerMinute: 1000 });
    reader = await rs.token('reader');
    ann = await joinBot(rs.server.gamePort, 'Ann');
    ben = await joinBot(rs.server.gamePort, 'Ben');
    kitsFile = join(rs.server.dataDir, 'core', 'kits.conf');
    originalKits = readFileSync(kitsFile, 'utf8');
  });
  after(async () => {
    await quit(ann);
    await quit(ben);
    await rs?.stop();
  });

  it('applies a kit added to kits.conf and a new rate limit in rest.conf, reporting both files and the unchanged ones', async () => {
    assert.equal((await rs.call('GET', '/kits/tools', reader)).json.code, 'not-found');
    writeFileSync(kitsFile, `${originalKits}\n[kits.tools]\nname = "Tools"\nitems = [ { material = "iron_pickaxe" } ]\n`);
    const rest = join(rs.server.dataDir, 'core-rest', 'rest.conf');
    writeFileSync(rest, readFileSync(rest, 'utf8').replace('requests-per-minute = 1000', 'requests-per-minute = 500'));

    const lines = await reloadAtConsole();
    assert.ok(lines.some((l) => /^Reloaded \d+ config files: 2 changed, \d+ unchanged\.$/.test(l)), lines.join('\n'));
    assert.ok(lines.includes('kits.conf: changed; applied now: kits.tools.'), lines.join('\n'));
    assert.ok(lines.includes('rest.conf: changed; applied now: requests-per-minute.'), lines.join('\n'));
    assert.ok(lines.includes('homes.conf: unchanged.'), lines.join('\n'));
    assert.ok(logged.some((l) => /\[core\] console ran core reload\./.test(l)), 'the server log names who reloaded');

    const kit = await rs.call('GET', '/kits/tools', reader);
    assert.deepEqual([kit.json.ok, kit.json.data?.name], [true, 'Tools']);
    assert.equal(kit.headers['ratelimit-limit'], '500');
  });

  it('keeps the kits in force when kits.conf turns invalid, naming file, line and key in one warning line', async () => {
    writeFileSync(kitsFile, `${originalKits}\n[kits.tools]\nname = "Tools"\nitems = [ { material = "iron_pikaxe" } ]\n`);
    const lines = await reloadAtConsole();
    const line = logged.find((l) => /\[core\] kits\.conf: /.test(l));
    assert.match(
      line ?? '',
      / WARN \[core\] kits\.conf: invalid, its old settings stay in force\. \/.*\/core\/kits\.conf line \d+, key "kits\.tools\.items\[1\]\.material": "iron_pikaxe" is not a game material name/,
    );
    assert.ok(!lines.some((l) => l.startsWith('kits.conf: ')), 'told once, as the warning');
    assert.ok(lines.some((l) => /^Reloaded \d+ config files: 0 changed, \d+ unchanged, 1 invalid \(kept as they were\)\.$/.test(l)), lines.join('\n'));
    const kit = await rs.call('GET', '/kits/tools', reader);
    assert.equal(kit.json.data?.name, 'Tools', 'the kit of the last valid file still exists');
  });

  it('names a change of the REST port as needing a restart; the listener stays where it is', async () => {
    const rest = join(rs.server.dataDir, 'core-rest', 'rest.conf');
    writeFileSync(rest, readFileSync(rest, 'utf8').replace('port = 0', 'port = 1'));
    const lines = await reloadAtConsole();
    assert.ok(lines.includes('rest.conf: changed; needs a restart: port.'), lines.join('\n'));
    assert.equal((await rs.call('GET', '/status', reader)).status, 200);
  });

  it('refuses /core reload to a player without core.reload; granted it at the console, a player reloads in game', async () => {
    ben.chat('/core reload');
    await waitForMessage(ben, /^You do not have permission \(core\.reload\)\.$/);

    await rs.console('perm grant Ann core.reload', /Granted core\.reload to Ann/);
    writeFileSync(kitsFile, originalKits);
    const heard = recordMessages(ann);
    ann.chat('/core reload');
    // Generous: other servers' tests may share the machine's two cores.
    await waitFor(() => heard.some((l) => l.startsWith('rest.conf: ')), 'Ann to read the reply of /core reload', 30000).catch((e: unknown) => {
      throw new Error(`${String(e)}\nAnn read: ${heard.join(' | ')}\nserver: ${rs.server.lines.slice(-10).join('\n')}`);
    });
    assert.match(heard.find((l) => l.startsWith('Reloaded')) ?? '', /^Reloaded \d+ config files: /);
    assert.ok(heard.includes('kits.conf: changed; applied now: kits.tools.'), heard.join('\n'));
    await rs.server.waitForLine(/\[core\] Ann ran core reload\./, { from: 0 });
    await rs.server.waitForLine(/\[core\] kits\.conf: changed; applied now: kits\.tools\.$/, { from: 0 });
    assert.equal((await rs.call('GET', '/kits/tools', reader)).json.code, 'not-found', 'the kit went with the restored file');
  });
});
