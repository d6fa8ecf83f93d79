import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CONSOLE, type Actor } from '../../core/kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { declined, invalid, value } from '../../../test/support/results.ts';
import { teleportModule } from '../teleport/index.ts';
import { moderationModule } from '../moderation/index.ts';
import { vanishModule } from '../vanish/index.ts';
import { messagingModule } from './index.ts';
import type { MessagingService } from './messaging.service.ts';

const REST: Actor = { kind: 'rest', label: 'panel' };
const UNKNOWN = '00000000-0000-0000-0000-0000000000ab';

describe('messaging', () => {
  let t: TestKernel;
  let m: () => MessagingService;
  const ids: Record<string, string> = {};
  const said = (who: string) => t.platform.messagesOf(ids[who]!);
  const grant = async (who: string, node: string) => value(await t.kernel.api.permissions.grant(ids[who]!, node, CONSOLE));

  before(async () => {
    t = await startTestKernel({ modules: [teleportModule, messagingModule, moderationModule, vanishModule] });
    m = () => t.kernel.api.messaging;
    for (const name of ['Ann', 'Ben', 'Cat', 'Dan']) ids[name] = (await t.join(name)).uuid;
  });
  beforeEach(() => t.platform.clearMessages());
  after(() => t.close());

  describe('private messages', () => {
    it('reaches the recipient, echoes to the sender, emits private-message and sets the reply partner both ways', async () => {
      const r = value(await m().message(ids.Ann!, ids.Ben!, '  hello Ben ', CONSOLE));
      assert.deepEqual([r['from-name'], r['to-name'], r.body], ['Ann', 'Ben', 'hello Ben']);
      assert.equal(said('Ben').at(-1), '[Ann -> me] hello Ben');
      assert.equal(said('Ann').at(-1), '[me -> Ben] hello Ben');
      const e = t.emittedNamed('messaging.private-message').at(-1)!;
      assert.deepEqual([e.data['player-name'], e.data['recipient-name'], e.data.body], ['Ann', 'Ben', 'hello Ben']);
      assert.equal(m().lastPartner(ids.Ben!), ids.Ann);
      value(await m().reply(ids.Ben!, 'hi Ann', CONSOLE));
      assert.equal(said('Ann').at(-1), '[Ben -> me] hi Ann');
    });

    it('refuses an empty or too long body naming the field, and messages to oneself', async () => {
      await assert.rejects(m().message(ids.Ann!, ids.Ben!, '   ', CONSOLE), invalid('body'));
      await assert.rejects(m().message(ids.Ann!, ids.Ben!, 'x'.repeat(257), CONSOLE), invalid('body'));
      declined(await m().message(ids.Ann!, ids.Ann!, 'me', CONSOLE), 'refused');
    });

    it('answers not-found for a player never seen and player-offline for one offline', async () => {
      declined(await m().message(ids.Ann!, UNKNOWN, 'x', REST), 'not-found');
      declined(await m().message(UNKNOWN, ids.Ann!, 'x', REST), 'not-found');
      const eve = (await t.join('Eve')).uuid;
      t.platform.quit(eve);
      declined(await m().message(ids.Ann!, eve, 'x', REST), 'player-offline');
    });

    it('/r without a partner is declined', async () => {
      declined(await m().reply(ids.Dan!, 'anyone?', CONSOLE), 'not-found');
    });

    it('counts a vanished player as offline to those who cannot see them', async () => {
      await grant('Cat', 'core.vanish.use');
      await grant('Dan', 'core.vanish.see.1');
      value(await t.kernel.api.vanish.set(ids.Cat!, true, CONSOLE));
      declined(await m().message(ids.Ann!, ids.Cat!, 'where are you', REST), 'player-offline');
      value(await m().message(ids.Dan!, ids.Cat!, 'I see you', REST));
      // A vanished sender may write; a reply reaches them only from who can see them.
      value(await m().message(ids.Cat!, ids.Ann!, 'psst, it is Cat', CONSOLE));
      assert.equal(said('Ann').at(-1), '[Cat -> me] psst, it is Cat');
      declined(await m().reply(ids.Ann!, 'where are you?', CONSOLE), 'player-offline');
      value(await t.kernel.api.vanish.set(ids.Cat!, false, CONSOLE));
    });

    it('refuses a muted sender, and audits a message sent through the route', async () => {
      value(await t.kernel.api.moderation.mute(ids.Dan!, { reason: 'spam', silent: true }, CONSOLE));
      const r = await m().message(ids.Dan!, ids.Ann!, 'hi', REST);
      declined(r, 'refused');
      assert.match(!r.ok ? r.message : '', /Dan is muted/);
      value(await t.kernel.api.moderation.unmute(ids.Dan!, { silent: true }, CONSOLE));
      value(await m().message(ids.Dan!, ids.Ann!, 'hi', REST));
      const [last] = await t.kernel.api.audit.history(ids.Ann!, 1);
      assert.deepEqual([last?.actor, last?.action], ['core-rest/panel', 'messaging.message']);
    });
  });

  describe('ignore', () => {
    it('toggles, lists, and blocks private messages and mail from the ignored player', async () => {
      const on = value(await m().toggleIgnore(ids.Ben!, ids.Cat!, CONSOLE));
      assert.equal(on.ignoring, true);
      const list = value(await m().ignores(ids.Ben!));
      assert.deepEqual(list.ignores.map((i) => i['player-name']), ['Cat']);
      assert.equal(list.count, 1);
      const r = await m().message(ids.Cat!, ids.Ben!, 'psst', CONSOLE);
      declined(r, 'refused');
      assert.equal(said('Ben').length, 0, 'Ben saw nothing');
      declined(await m().sendMail(ids.Ben!, 'psst', ids.Cat!, CONSOLE), 'refused');
      // Server mail is never refused.
      value(await m().sendMail(ids.Ben!, 'from the server', null, CONSOLE));
      const off = value(await m().toggleIgnore(ids.Ben!, ids.Cat!, CONSOLE));
      assert.equal(off.ignoring, false);
      assert.equal(value(await m().ignores(ids.Ben!)).count, 0);
      value(await m().message(ids.Cat!, ids.Ben!, 'psst', CONSOLE));
      value(await m().clearMail(ids.Ben!, CONSOLE));
    });

    it('cannot ignore a holder of core.messaging.ignore.exempt, and an earlier ignore no longer blocks them', async () => {
      value(await m().toggleIgnore(ids.Cat!, ids.Dan!, CONSOLE));
      await grant('Dan', 'core.messaging.ignore.exempt');
      value(await m().message(ids.Dan!, ids.Cat!, 'staff here', CONSOLE));
      assert.equal(said('Cat').at(-1), '[Dan -> me] staff here');
      const r = await m().toggleIgnore(ids.Ann!, ids.Dan!, CONSOLE);
      declined(r, 'refused');
      assert.match(!r.ok ? r.message : '', /cannot ignore Dan: they are staff/);
      value(await t.kernel.api.permissions.revoke(ids.Dan!, 'core.messaging.ignore.exempt', CONSOLE));
      assert.equal(value(await m().toggleIgnore(ids.Cat!, ids.Dan!, CONSOLE)).ignoring, false, 'the stored ignore is lifted by the toggle');
    });

    it('refuses ignoring oneself; not-found for a player never seen', async () => {
      declined(await m().toggleIgnore(ids.Ben!, ids.Ben!, CONSOLE), 'refused');
      declined(await m().ignores(UNKNOWN), 'not-found');
    });
  });

  describe('mail', () => {
    it('waits for an offline player, is told at join with the unread count, and read marks it read', async () => {
      const fay = (await t.join('Fay')).uuid;
      t.platform.quit(fay);
      const mail = value(await m().sendMail(fay, 'welcome back', null, REST));
      assert.deepEqual([mail['from-id'], mail['from-name'], mail.read], [null, null, false]);
      value(await m().sendMail(fay, 'from Ann', ids.Ann!, CONSOLE));
      const e = t.emittedNamed('messaging.mail-deliver').at(-1)!;
      assert.deepEqual([e.data['player-name'], e.data['sender-name'], e.data['recipient-online']], ['Fay', 'Ann', false]);
      let box = value(await m().mailbox(fay));
      assert.deepEqual([box.count, box.unread], [2, 2]);
      await t.join('Fay');
      await t.until(() => t.platform.messagesOf(fay).some((l) => l.includes('2 unread mails')), 'the unread mail told at join');
      const read = value(await m().readMail(fay, CONSOLE));
      assert.equal(read.unread, 2, 'answers the mailbox as it was');
      box = value(await m().mailbox(fay));
      assert.deepEqual([box.count, box.unread], [2, 0]);
      assert.equal(value(await m().clearMail(fay, CONSOLE)).cleared, 2);
      assert.equal(value(await m().mailbox(fay)).count, 0);
    });

    it('tells an online recipient at once; a muted sender is refused but server mail still goes', async () => {
      value(await m().sendMail(ids.Ann!, 'hey', ids.Ben!, CONSOLE));
      assert.equal(said('Ann').at(-1), 'You have new mail from Ben. Type /mail read to read it.');
      value(await t.kernel.api.moderation.mute(ids.Ben!, { silent: true }, CONSOLE));
      declined(await m().sendMail(ids.Ann!, 'hey', ids.Ben!, CONSOLE), 'refused');
      value(await m().sendMail(ids.Ben!, 'you are muted', null, REST));
      value(await t.kernel.api.moderation.unmute(ids.Ben!, { silent: true }, CONSOLE));
      declined(await m().sendMail(UNKNOWN, 'x', null, REST), 'not-found');
      await assert.rejects(m().sendMail(ids.Ann!, '', null, REST), invalid('body'));
    });

    it('keeps mail and ignores across a restart', async () => {
      value(await m().toggleIgnore(ids.Dan!, ids.Ann!, CONSOLE));
      value(await m().sendMail(ids.Dan!, 'kept', null, CONSOLE));
      await t.restart();
      assert.equal(value(await m().ignores(ids.Dan!)).count, 1);
      assert.ok(value(await m().mailbox(ids.Dan!)).mail.some((x) => x.body === 'kept'));
    });
  });

  describe('helpop', () => {
    it('goes to online holders of core.messaging.helpop.receive and the console', async () => {
      for (const name of ['Ann', 'Ben', 'Cat']) if (!t.platform.player(ids[name]!)) ids[name] = (await t.join(name)).uuid;
      await grant('Ann', 'core.messaging.helpop.receive');
      const r = value(await m().helpop(ids.Ben!, 'I am stuck'));
      assert.equal(r.staffTold, 1);
      assert.equal(said('Ann').at(-1), '[HelpOp] Ben: I am stuck');
      assert.ok(!said('Cat').some((l) => l.includes('HelpOp')));
      assert.ok(t.platform.consoleText().some((l) => l.includes('[HelpOp] Ben: I am stuck')));
      const e = t.emittedNamed('messaging.help-op').at(-1)!;
      assert.deepEqual([e.data['player-name'], e.data.body, e.data['staff-told']], ['Ben', 'I am stuck', 1]);
    });
  });
});
