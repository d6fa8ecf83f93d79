// The kits' messages in the player's language, and the operator's own words from
// data/core/messages/<language>.conf: applied at start and at `core reload`, and a faulty file
// refused with its file, line and key.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { economyModule } from '../economy/index.ts';
import { kitsModule } from './index.ts';
import type { TextComponent } from '../../platform/platform.ts';

const KITS = `
[kits.starter]
name = "Starter"
items = [ { material = "bread", count = 2 } ]
cooldown-seconds = 3600
`;

describe('kits messages', () => {
  let t: TestKernel;
  let overrides: string;
  const write = (file: string, text: string) => writeFileSync(join(overrides, file), text);

  before(async () => {
    t = await startTestKernel({
      modules: [economyModule, kitsModule],
      beforeStart: (dir) => {
        writeFileSync(join(dir, 'kits.conf'), KITS);
        mkdirSync(join(dir, 'messages'));
        writeFileSync(join(dir, 'messages', 'en.conf'), '# Ours\n[kits]\nclaimed = "&aEnjoy the kit {kit}!"\n');
      },
    });
    overrides = join(t.configDir, 'messages');
  });
  after(() => t.close());

  it('writes to a player whose game is in German in German, durations included', async () => {
    const dora = (await t.join('Dora')).uuid;
    t.platform.setLocale(dora, 'de_DE');
    await t.platform.run(dora, '/kit starter');
    await t.platform.run(dora, '/kit starter');
    assert.deepEqual(t.platform.messagesOf(dora), ['Du hast das Kit Starter abgeholt.', 'Du kannst das Kit Starter in 1 Std. wieder abholen.']);
    await t.platform.run(dora, '/kit');
    assert.deepEqual(t.platform.messagesOf(dora).slice(2), ['Kits:', 'starter (Starter): 2 Gegenstände, kostenlos - in 1 Std.']);
  });

  it('writes the operator’s words from messages/en.conf, read at start, with their colour', async () => {
    const eve = (await t.join('Eve')).uuid;
    await t.platform.run(eve, '/kit starter');
    assert.deepEqual(t.platform.messagesOf(eve), ['Enjoy the kit Starter!']);
    const parts = (t.platform.messages.get(eve)!.at(-1) as TextComponent).extra as TextComponent[];
    assert.deepEqual(parts[0], { text: 'Enjoy the kit ', color: 'green' });
  });

  it('applies a changed file at core reload, and keeps the old words when a file is faulty, naming file, line and key', async () => {
    write('en.conf', '[kits]\nclaimed = "Here is {kit}."\n');
    write('de.conf', 'kits.cooldown = "{kit}: warte {wait}"\n');
    await t.platform.run('console', 'core reload');
    assert.ok(t.platform.consoleText().includes('messages: changed; applied now: de.kits.cooldown, en.kits.claimed.'), t.platform.consoleText().join('\n'));
    const fay = (await t.join('Fay')).uuid;
    await t.platform.run(fay, '/kit starter');
    t.platform.setLocale(fay, 'de_de');
    await t.platform.run(fay, '/kit starter');
    assert.deepEqual(t.platform.messagesOf(fay), ['Here is Starter.', 'Starter: warte 1 Std.']);

    t.platform.clearMessages();
    write('de.conf', '# German\n\nkits.cooldown = "{kit}: warte {time}"\n');
    const mark = t.log.lines.length;
    await t.platform.run('console', 'core reload');
    const warning = t.log.lines.slice(mark).find((l) => / WARN /.test(l));
    assert.equal(
      warning?.replace(/^.* WARN /, ''),
      `messages: invalid, its old settings stay in force. ${join(overrides, 'de.conf')} line 3, key "kits.cooldown": this message has no placeholder {time}; it has {kit}, {wait}`,
    );
    await t.platform.run(fay, '/kit starter');
    assert.deepEqual(t.platform.messagesOf(fay), ['Starter: warte 1 Std.']);
  });

  it('stops the start on a faulty file, in one line naming file, line and key', async () => {
    write('de.conf', 'kits.nosuch = "x"\n');
    await assert.rejects(t.restart(), { message: `${join(overrides, 'de.conf')} line 1, key "kits.nosuch": there is no message with this key; docs/messages.md lists them` });
  });
});
