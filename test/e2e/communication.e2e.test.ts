// The announcer, /announcements and /broadcast against the real server with two bots: Ann and Ben
// read announcements (markup and placeholders worked out for each); Ann hides them (durably, across
// a restart) and still reads a broadcast. communication.broadcast-opt-out and
// communication.announcer-reload on a real subscription. The context has no routes.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Bot } from './support/bots.ts';
import { joinBot, never, recordMessages, waitForMessage } from './support/bots.ts';
import { startScene, type RestServer, type Scene, type Subscription } from './support/rest-server.ts';

const CONF = `interval-seconds = 2
prefix = "&6[Tip]&r "
messages = ["{player}, {online} are online."]
`;

describe('communication: the announcer, /announcements and /broadcast', () => {
  let scene: Scene;
  let rs: RestServer;
  let writer: string;
  let events: Subscription;
  let ann: Bot;
  let ben: Bot;

  before(async () => {
    ({ rs, writer, events, ann, ben } = scene = await startScene(['communication.*'], { config: { 'core/announcer.conf': CONF } }));
  });
  after(async () => {
    events?.close();
    await scene?.close();
  });

  it('shows each player the announcement with their own placeholders and the markup', async () => {
    const styled = new Promise<unknown>((resolve) => {
      const listener = (m: { json: unknown; toString(): string }) => {
        if (!m.toString().startsWith('[Tip] Ann')) return;
        ann.off('message', listener);
        resolve(m.json);
      };
      ann.on('message', listener);
    });
    const annRead = waitForMessage(ann, /^\[Tip\] Ann, 2 are online\.$/);
    const benRead = waitForMessage(ben, /^\[Tip\] Ben, 2 are online\.$/);
    await Promise.all([annRead, benRead]);
    // &6 made the prefix gold.
    assert.match(JSON.stringify(await styled), /"color":"gold"/);
  });

  it('/announcements off hides them from Ann (communication.broadcast-opt-out) while Ben still reads them', async () => {
    const told = waitForMessage(ann, /^Announcements hidden\./);
    ann.chat('/announcements off');
    await told;
    const e = await events.next('communication.broadcast-opt-out', (d) => d['player-name'] === 'Ann' && d['opted-out'] === true);
    assert.deepEqual([e.data['player-id'], e.data.actor], [ann.player.uuid, 'Ann']);
    const annLines = recordMessages(ann);
    await waitForMessage(ben, /^\[Tip\] Ben/);
    await waitForMessage(ben, /^\[Tip\] Ben/);
    assert.deepEqual(annLines.filter((l) => l.startsWith('[Tip]')), []);
    const state = waitForMessage(ann, /^You hide announcements\./);
    ann.chat('/announcements');
    await state;
  });

  it('/broadcast from a player holding its node reaches Ann too; others are refused', async () => {
    const refused = waitForMessage(ben, /permission \(core\.communication\.broadcast\)/);
    ben.chat('/broadcast hello');
    await refused;
    await rs.console('perm grant Ben core.communication.broadcast', /Granted core\.communication\.broadcast to Ben/);
    const annRead = waitForMessage(ann, /^\[Broadcast\] Server restart soon, Ann$/);
    ben.chat('/broadcast Server restart soon, &l{player}');
    await annRead;
  });

  it('core reload reads announcer.conf again (communication.announcer-reload) and shows the new message', async () => {
    writeFileSync(join(scene.dataDir, 'core', 'announcer.conf'), 'interval-seconds = 1\nprefix = ""\nmessages = ["Fresh news for {player}."]\n');
    await rs.console('core reload', /announcer\.conf: changed/);
    const e = await events.next('communication.announcer-reload', (d) => d.changed === true);
    assert.deepEqual([e.data.messages, e.data['interval-seconds'], e.data.order, e.data.enabled], [1, 1, 'sequential', true]);
    await waitForMessage(ben, /^Fresh news for Ben\.$/);
  });

  it('keeps Ann’s choice across a restart; /announcements on shows them to her again', async () => {
    events.close();
    rs = await scene.restart();
    events = await rs.subscribe(writer, ['communication.*']);
    ann = await joinBot(rs.server.gamePort, 'Ann');
    ben = await joinBot(rs.server.gamePort, 'Ben');
    const annLines = recordMessages(ann);
    await waitForMessage(ben, /^Fresh news for Ben\.$/);
    await waitForMessage(ben, /^Fresh news for Ben\.$/);
    await never(() => annLines.some((l) => l.startsWith('Fresh news')), 'Ann to read an announcement after the restart', 300);
    const told = waitForMessage(ann, /^Announcements shown again\.$/);
    ann.chat('/announcements on');
    await told;
    await events.next('communication.broadcast-opt-out', (d) => d['player-name'] === 'Ann' && d['opted-out'] === false);
    await waitForMessage(ann, /^Fresh news for Ann\.$/);
  });
});
