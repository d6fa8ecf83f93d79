// The relay without a server: how each moderation event reads as a Discord embed, and how the relay
// posts (in order, only moderation events, Discord's 429 waited out, a failing message dropped
// without stopping the others).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EventMessage } from '../../clients/typescript/src/index.ts';
import { embedFor, formatDuration, webhookMessage, type ModerationEvent } from './format.ts';
import { startRelay, type RelaySource } from './relay.ts';

const AT = '2026-11-23T18:05:23.286Z';
const STEVE = { 'player-id': '5627dd98-e6be-3c21-b8a8-e92344183641', 'player-name': 'Steve' };

const permanentBan: ModerationEvent = {
  event: 'moderation.player-tempban',
  data: { ...STEVE, actor: 'core-rest/panel', reason: 'griefing @everyone', 'duration-seconds': null, 'expires-at': null, silent: false, 'occurred-at': AT, server: 'lobby' },
};
const tempMute: ModerationEvent = {
  event: 'moderation.player-mute',
  data: { ...STEVE, actor: 'Alex', reason: null, 'duration-seconds': 90_061, 'expires-at': '2026-11-24T19:06:24.286Z', silent: true, 'occurred-at': AT, server: 'lobby' },
};
const warn: ModerationEvent = {
  event: 'moderation.player-warn',
  data: { ...STEVE, actor: 'console', reason: 'x'.repeat(2000), silent: false, warnings: 3, 'occurred-at': AT, server: 'lobby' },
};
const expiredUnmute: ModerationEvent = { event: 'moderation.player-unmute', data: { ...STEVE, actor: null, cause: 'expired', 'occurred-at': AT, server: 'lobby' } };

describe('the embed of a moderation event', () => {
  it('says who, by whom, for how long and why', () => {
    const e = embedFor(permanentBan);
    assert.equal(e.title, 'Steve was banned');
    assert.deepEqual(
      e.fields.map((f) => [f.name, f.value]),
      [
        ['Player', 'Steve'],
        ['By', 'core-rest/panel'],
        ['Duration', 'permanent'],
        ['Reason', 'griefing @everyone'],
      ],
    );
    assert.equal(e.timestamp, AT);
    assert.equal(e.footer.text, 'moderation.player-tempban');
  });

  it('fills a missing reason and cuts a long one to what Discord takes', () => {
    const mute = embedFor(tempMute);
    assert.equal(mute.title, 'Steve was muted');
    assert.equal(mute.fields.find((f) => f.name === 'Reason')?.value, '—');
    assert.equal(mute.fields.find((f) => f.name === 'Duration')?.value, '1d 1h');
    const reason = embedFor(warn).fields.find((f) => f.name === 'Reason')?.value ?? '';
    assert.equal(reason.length, 1024);
    assert.ok(reason.endsWith('…'));
  });

  it('tells a sanction that expired from one lifted', () => {
    const e = embedFor(expiredUnmute);
    assert.equal(e.description, 'The mute expired.');
    assert.equal(e.fields.find((f) => f.name === 'By')?.value, 'expiry');
    assert.equal('description' in embedFor(permanentBan), false, 'no empty description is sent');
  });

  it('formats durations in their two largest units', () => {
    assert.equal(formatDuration(null), 'permanent');
    assert.equal(formatDuration(600), '10m');
    assert.equal(formatDuration(3_661), '1h 1m');
    assert.equal(formatDuration(7 * 86_400), '7d');
    assert.equal(formatDuration(45), '45s');
  });

  it('is posted with mentions switched off, so a reason cannot ping anyone', () => {
    const m = webhookMessage(permanentBan);
    assert.deepEqual(m.allowed_mentions, { parse: [] });
    assert.equal(m.embeds.length, 1);
  });
});

/** A source the test drives, and a fetch that answers from a script and records the bodies. */
function harness(answers: Array<{ status: number; body?: string }>) {
  let handler: ((e: EventMessage) => void) | undefined;
  const source: RelaySource = {
    onEvent(h) {
      handler = h;
      return () => (handler = undefined);
    },
  };
  const posted: Array<{ url: string; title: string }> = [];
  const fakeFetch: typeof fetch = async (url, init) => {
    const body = JSON.parse(String(init?.body)) as { embeds: Array<{ title: string }> };
    posted.push({ url: String(url), title: body.embeds[0]?.title ?? '' });
    const a = answers.shift() ?? { status: 204 };
    return new Response(a.status === 204 ? null : (a.body ?? ''), { status: a.status });
  };
  return { source, posted, fakeFetch, emit: (e: EventMessage) => handler?.(e) };
}

describe('the relay', () => {
  it('posts each moderation event in order, and nothing else', async () => {
    const h = harness([]);
    const relay = startRelay({ source: h.source, webhookUrl: 'https://discord.test/hook', fetch: h.fakeFetch });
    h.emit(permanentBan);
    h.emit({ event: 'warp.create', data: { warp: 'spawn', location: { world: 'world', x: 0, y: 64, z: 0, yaw: 0, pitch: 0 }, actor: 'console', 'occurred-at': AT, server: 'lobby' } } as unknown as EventMessage);
    h.emit(tempMute);
    await relay.idle();
    assert.deepEqual(
      h.posted.map((p) => p.title),
      ['Steve was banned', 'Steve was muted'],
    );
    assert.equal(h.posted[0]?.url, 'https://discord.test/hook');
    relay.stop();
    h.emit(warn);
    await relay.idle();
    assert.equal(h.posted.length, 2, 'a stopped relay posts nothing more');
  });

  it("waits out Discord's 429 and posts again", async () => {
    const h = harness([{ status: 429, body: JSON.stringify({ message: 'You are being rate limited.', retry_after: 0.05, global: false }) }]);
    const relay = startRelay({ source: h.source, webhookUrl: 'https://discord.test/hook', fetch: h.fakeFetch });
    const started = Date.now();
    h.emit(warn);
    await relay.idle();
    assert.equal(h.posted.length, 2);
    assert.ok(Date.now() - started >= 50);
  });

  it('reports a message Discord refuses and goes on with the next', async () => {
    const h = harness([{ status: 400, body: '{"message":"Invalid Form Body"}' }]);
    const errors: string[] = [];
    const relay = startRelay({ source: h.source, webhookUrl: 'https://discord.test/hook', fetch: h.fakeFetch, onError: (e, ev) => errors.push(`${ev.event}: ${e.message}`) });
    h.emit(permanentBan);
    h.emit(tempMute);
    await relay.idle();
    assert.deepEqual(errors, ['moderation.player-tempban: Discord answered 400: {"message":"Invalid Form Body"}']);
    assert.equal(h.posted.at(-1)?.title, 'Steve was muted');
  });
});
