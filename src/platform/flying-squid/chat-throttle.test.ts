import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ChatThrottle, CHAT_RATE, type LineKind, type ThrottleVerdict } from './chat-throttle.ts';

const times = (n: number, v: ThrottleVerdict) => Array<ThrottleVerdict>(n).fill(v);

describe('the chat and command throttle', () => {
  it('chat: sends 10 lines at once and refuses the next; a flood of chat is kicked at its 41st line', () => {
    const throttle = new ChatThrottle(() => 0);
    const ann = {};
    const verdicts = Array.from({ length: 41 }, () => throttle.take(ann, 'chat'));
    assert.deepEqual(verdicts, [...times(10, 'send'), ...times(30, 'refuse'), 'kick']);
  });

  it('commands: runs 20 at once and refuses the next; a flood of commands is kicked at its 41st', () => {
    const throttle = new ChatThrottle(() => 0);
    const ann = {};
    const verdicts = Array.from({ length: 41 }, () => throttle.take(ann, 'command'));
    assert.deepEqual(verdicts, [...times(20, 'send'), ...times(20, 'refuse'), 'kick']);
  });

  it('chat refills one a second: a player who slows down to one a second after a refusal is not refused again', () => {
    let t = 0;
    const throttle = new ChatThrottle(() => t);
    const ann = {};
    for (let i = 0; i < 10; i++) assert.equal(throttle.take(ann, 'chat'), 'send');
    assert.equal(throttle.take(ann, 'chat'), 'refuse');
    for (let i = 0; i < 120; i++) {
      t += 1000;
      assert.equal(throttle.take(ann, 'chat'), 'send', `line ${i} at ${t} ms`);
    }
  });

  it('commands refill ten a second: a script running one every 100 ms goes on for ever', () => {
    let t = 0;
    const throttle = new ChatThrottle(() => t);
    const ann = {};
    for (let i = 0; i < 20; i++) assert.equal(throttle.take(ann, 'command'), 'send');
    for (let i = 0; i < 600; i++) {
      t += 100;
      assert.equal(throttle.take(ann, 'command'), 'send', `command ${i} at ${t} ms`);
    }
  });

  it('chatting two lines a second is refused every other line after the first 10 s, and never kicked', () => {
    let t = 0;
    const throttle = new ChatThrottle(() => t);
    const ann = {};
    const verdicts: Array<{ at: number; verdict: ThrottleVerdict }> = [];
    for (let i = 0; i < 240; i++) {
      verdicts.push({ at: t, verdict: throttle.take(ann, 'chat') });
      t += 500;
    }
    const first = verdicts.find((v) => v.verdict === 'refuse')!;
    assert.ok(first.at >= 8500 && first.at <= 10000, `first refusal at ${first.at} ms`);
    const after = verdicts.filter((v) => v.at >= first.at);
    const sent = after.filter((v) => v.verdict === 'send').length;
    assert.ok(Math.abs(sent - (after.length - sent)) <= 1, `after the first refusal ${sent} of ${after.length} sent`);
    assert.ok(!verdicts.some((v) => v.verdict === 'kick'));
  });

  it('a flood kicks whatever its mix: more than 40 lines beyond ten a second', () => {
    let t = 0;
    const throttle = new ChatThrottle(() => t);
    const ann = {};
    const kinds: LineKind[] = ['chat', 'command'];
    let n = 0;
    let verdict: ThrottleVerdict = 'send';
    // 20 lines a second, half chat, half commands: the flood count grows by 10 a second.
    while (verdict !== 'kick' && n < 1000) {
      verdict = throttle.take(ann, kinds[n++ % 2]!);
      t += 50;
    }
    assert.equal(verdict, 'kick');
    assert.ok(t >= 3500 && t <= 4500, `kicked after ${t} ms`);
  });

  it('counts each player on their own, and empties after quiet seconds', () => {
    let t = 0;
    const throttle = new ChatThrottle(() => t);
    const ann = {};
    const ben = {};
    for (let i = 0; i < 15; i++) throttle.take(ann, 'chat');
    assert.equal(throttle.take(ben, 'chat'), 'send');
    t += 10_000;
    for (let i = 0; i < CHAT_RATE.chat.burst; i++) assert.equal(throttle.take(ann, 'chat'), 'send');
  });
});
