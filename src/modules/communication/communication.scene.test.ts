// The announcer, /announcements and /broadcast on the in-process scene (the whole plugin on the fake
// platform, test/support/scene.ts), on the manual clock, with a real event stream: Ann and Ben read
// announcements (markup and placeholders worked out for each); Ann hides them (durably, across a
// restart) and still reads a broadcast. communication.broadcast-opt-out and
// communication.announcer-reload on the stream. The context has no routes. What the bots read in
// the real game: test/e2e/areas/communication.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startKernelScene, type KernelScene, type SceneRest, type ScenePlayer, type Subscription } from '../../../test/support/scene.ts';

const INTERVAL = 2;
const CONF = `interval-seconds = ${INTERVAL}
prefix = "&6[Tip]&r "
messages = ["{player}, {online} are online."]
`;

describe('communication: the announcer, /announcements and /broadcast (in process)', () => {
  let scene: KernelScene;
  let rs: SceneRest;
  let writer: string;
  let events: Subscription;
  let ann: ScenePlayer;
  let ben: ScenePlayer;

  /** The clock moves on by `seconds`, and what the timers that fell due started has run. */
  const advance = async (seconds: number) => {
    await scene.t.clock.advance(seconds);
    await scene.t.settle();
  };
  /** The lines a player read from `from` (a length of their messages) on. */
  const readSince = (p: ScenePlayer, from: number) => p.messages.slice(from);

  before(async () => {
    ({ rs, writer, events, ann, ben } = scene = await startKernelScene(['communication.*'], { config: { 'core/announcer.conf': CONF } }));
  });
  after(() => scene?.close());

  it('shows each player the announcement every interval with their own placeholders and the markup', async () => {
    const [annFrom, benFrom] = [ann.messages.length, ben.messages.length];
    await advance(INTERVAL - 1);
    assert.deepEqual(readSince(ann, annFrom), [], 'not before the interval');
    await advance(1);
    assert.deepEqual(readSince(ann, annFrom), ['[Tip] Ann, 2 are online.']);
    assert.deepEqual(readSince(ben, benFrom), ['[Tip] Ben, 2 are online.']);
    // &6 made the prefix gold.
    assert.match(JSON.stringify(scene.t.platform.messages.get(ann.uuid)!.at(-1)), /"color":"gold"/);
  });

  it('/announcements off hides them from Ann (communication.broadcast-opt-out) while Ben still reads them', async () => {
    await ann.run('/announcements off', /^Announcements hidden\./);
    const e = await events.next('communication.broadcast-opt-out', (d) => d['player-name'] === 'Ann' && d['opted-out'] === true);
    assert.deepEqual([e.data['player-id'], e.data.actor], [ann.uuid, 'Ann']);
    const [annFrom, benFrom] = [ann.messages.length, ben.messages.length];
    await advance(INTERVAL);
    await advance(INTERVAL);
    assert.deepEqual(readSince(ben, benFrom), ['[Tip] Ben, 2 are online.', '[Tip] Ben, 2 are online.']);
    assert.deepEqual(readSince(ann, annFrom), []);
    await ann.run('/announcements', /^You hide announcements\./);
  });

  it('/broadcast from a player holding its node reaches Ann too; others are refused', async () => {
    await ben.run('/broadcast hello', /permission \(core\.communication\.broadcast\)/);
    await rs.console('perm grant Ben core.communication.broadcast', /Granted core\.communication\.broadcast to Ben/);
    const annRead = ann.waitForMessage(/^\[Broadcast\] Server restart soon, Ann$/);
    await ben.chat('/broadcast Server restart soon, &l{player}');
    await annRead;
  });

  it('core reload reads announcer.conf again (communication.announcer-reload) and shows the new message', async () => {
    writeFileSync(join(scene.t.configDir, 'announcer.conf'), 'interval-seconds = 1\nprefix = ""\nmessages = ["Fresh news for {player}."]\n');
    await rs.console('core reload', /announcer\.conf: changed/);
    const e = await events.next('communication.announcer-reload', (d) => d.changed === true);
    assert.deepEqual([e.data.messages, e.data['interval-seconds'], e.data.order, e.data.enabled], [1, 1, 'sequential', true]);
    const benFrom = ben.messages.length;
    await advance(1);
    assert.deepEqual(readSince(ben, benFrom), ['Fresh news for Ben.']);
  });

  it('keeps Ann’s choice across a restart; /announcements on shows them to her again', async () => {
    await scene.restart();
    events = await rs.subscribe(writer, ['communication.*']);
    ann = await scene.join('Ann');
    ben = await scene.join('Ben');
    const [annFrom, benFrom] = [ann.messages.length, ben.messages.length];
    await advance(1);
    await advance(1);
    assert.deepEqual(readSince(ben, benFrom), ['Fresh news for Ben.', 'Fresh news for Ben.']);
    assert.deepEqual(readSince(ann, annFrom).filter((l) => l.startsWith('Fresh news')), [], 'Ann reads no announcement after the restart');
    await ann.run('/announcements on', /^Announcements shown again\.$/);
    await events.next('communication.broadcast-opt-out', (d) => d['player-name'] === 'Ann' && d['opted-out'] === false);
    await advance(1);
    assert.deepEqual(ann.messages.at(-1), 'Fresh news for Ann.');
  });
});
