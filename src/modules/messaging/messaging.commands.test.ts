import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CONSOLE } from '../../core/kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { value } from '../../../test/support/results.ts';
import { teleportModule } from '../teleport/index.ts';
import { moderationModule } from '../moderation/index.ts';
import { vanishModule } from '../vanish/index.ts';
import { messagingModule } from './index.ts';

describe('messaging commands', () => {
  let t: TestKernel;
  const ids: Record<string, string> = {};
  const said = (who: string) => t.platform.messagesOf(ids[who]!);
  const run = (who: string, line: string) => t.platform.run(ids[who]!, line);

  before(async () => {
    t = await startTestKernel({ modules: [teleportModule, messagingModule, moderationModule, vanishModule] });
    for (const name of ['Ann', 'Ben', 'Cat']) ids[name] = (await t.join(name)).uuid;
  });
  beforeEach(() => t.platform.clearMessages());
  after(() => t.close());

  it('/msg and its aliases send the rest of the line; /r answers the last partner', async () => {
    await run('Ann', 'msg Ben hello there, Ben');
    assert.equal(said('Ben').at(-1), '[Ann -> me] hello there, Ben');
    await run('Ben', 'r thanks');
    assert.equal(said('Ann').at(-1), '[Ben -> me] thanks');
    for (const alias of ['tell', 'w', 'whisper', 'm', 't', 'pm']) {
      await run('Cat', `${alias} ann via ${alias}`);
      assert.equal(said('Ann').at(-1), `[Cat -> me] via ${alias}`);
    }
    await run('Ann', 'reply back to Cat');
    assert.equal(said('Cat').at(-1), '[Ann -> me] back to Cat');
  });

  it('/msg to a player not online, and /r with nobody to reply to, are told clearly', async () => {
    await run('Ann', 'msg Nobody hi');
    assert.equal(said('Ann').at(-1), 'No player named Nobody is online.');
    const dan = (await t.join('Dan')).uuid;
    await t.platform.run(dan, 'r hi');
    assert.equal(t.platform.messagesOf(dan).at(-1), 'You have nobody to reply to.');
    await t.platform.run(dan, 'msg');
    assert.match(t.platform.messagesOf(dan).at(-1)!, /msg <player> <message>/);
  });

  it('a muted player is stopped by moderation before /msg runs', async () => {
    value(await t.kernel.api.moderation.mute(ids.Cat!, { silent: true }, CONSOLE));
    await run('Cat', 'msg Ann hi');
    assert.match(said('Cat').at(-1)!, /You are muted/);
    assert.ok(!said('Ann').some((l) => l.includes('[Cat -> me]')));
    value(await t.kernel.api.moderation.unmute(ids.Cat!, { silent: true }, CONSOLE));
  });

  it('/ignore toggles and lists; an ignored player’s /msg is refused', async () => {
    await run('Ann', 'ignore');
    assert.equal(said('Ann').at(-1), 'You ignore nobody.');
    await run('Ann', 'ignore Cat');
    assert.match(said('Ann').at(-1)!, /You now ignore Cat/);
    await run('Ann', 'ignore');
    assert.equal(said('Ann').at(-1), 'You ignore (1): Cat');
    await run('Cat', 'msg Ann hello?');
    assert.equal(said('Cat').at(-1), 'Ann is ignoring Cat.');
    await run('Ann', 'ignore cat');
    assert.equal(said('Ann').at(-1), 'You no longer ignore Cat.');
  });

  it('/mail send, read and clear', async () => {
    await run('Ann', 'mail read');
    assert.equal(said('Ann').at(-1), 'You have no mail.');
    await run('Ben', 'mail send Ann see you at spawn');
    assert.equal(said('Ben').at(-1), 'Mail sent to Ann.');
    assert.equal(said('Ann').at(-1), 'You have new mail from Ben. Type /mail read to read it.');
    await run('Ann', 'mail read');
    assert.ok(said('Ann').includes('Your mail (1):'));
    assert.ok(said('Ann').includes('[Ben] see you at spawn'));
    assert.equal(value(await t.kernel.api.messaging.mailbox(ids.Ann!)).unread, 0);
    await run('Ann', 'mail clear');
    assert.equal(said('Ann').at(-1), 'Removed 1 mail.');
    await run('Ann', 'mail clear');
    assert.equal(said('Ann').at(-1), 'Your mailbox is already empty.');
  });

  it('/helpop tells staff, or says nobody is online to read it', async () => {
    await run('Ben', 'helpop help me');
    assert.match(said('Ben').at(-1)!, /No staff member is online/);
    value(await t.kernel.api.permissions.grant(ids.Ann!, 'core.messaging.helpop.receive', CONSOLE));
    await run('Ben', 'helpop help me');
    assert.equal(said('Ben').at(-1), 'Your request was sent to 1 staff member.');
    assert.equal(said('Ann').at(-1), '[HelpOp] Ben: help me');
  });

  it('is player-only at the console', async () => {
    await t.platform.run('console', 'msg Ann hi');
    assert.ok(t.platform.consoleText().some((l) => /player/i.test(l)));
  });
});
