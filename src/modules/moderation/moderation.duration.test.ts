import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatDuration, formatInstant, parseDuration, silentAndReason } from './moderation.duration.ts';

describe('moderation durations', () => {
  it('reads 1d2h30m, 90s, 2w and upper-case units', () => {
    assert.deepEqual(parseDuration('1d2h30m'), { ok: true, seconds: 86_400 + 7200 + 1800 });
    assert.deepEqual(parseDuration('90s'), { ok: true, seconds: 90 });
    assert.deepEqual(parseDuration('2w'), { ok: true, seconds: 1_209_600 });
    assert.deepEqual(parseDuration('1H'), { ok: true, seconds: 3600 });
  });

  it('refuses a word that is no duration, zero, and more than 10 years, saying why', () => {
    for (const word of ['abc', '10', '1x', '-5m', '1d 2h', '']) {
      const r = parseDuration(word);
      assert.equal(r.ok, false, word);
      assert.match(!r.ok ? r.message : '', /is not a duration/);
    }
    assert.match((parseDuration('0s') as { message: string }).message, /at least 1 second/);
    assert.match((parseDuration('3651d') as { message: string }).message, /at most 10 years/);
    assert.equal(parseDuration('3650d').ok, true);
  });

  it('shows durations and instants as a person reads them', () => {
    assert.equal(formatDuration(93_784), '1 day 2 hours 3 minutes 4 seconds');
    assert.equal(formatDuration(60), '1 minute');
    assert.equal(formatDuration(null), 'permanent');
    assert.equal(formatInstant('2026-11-25T22:15:30.000Z'), '2026-11-25 22:15 UTC');
    assert.equal(formatInstant(null), 'never');
  });

  it('takes -s out of a reason anywhere in it, as the silent flag', () => {
    assert.deepEqual(silentAndReason('-s griefing the spawn'), { silent: true, reason: 'griefing the spawn' });
    assert.deepEqual(silentAndReason('griefing -S'), { silent: true, reason: 'griefing' });
    assert.deepEqual(silentAndReason('griefing'), { silent: false, reason: 'griefing' });
    assert.deepEqual(silentAndReason('-s'), { silent: true, reason: null });
    assert.deepEqual(silentAndReason(undefined), { silent: false, reason: null });
  });
});
