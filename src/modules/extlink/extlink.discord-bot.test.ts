// The Discord bot's supervisor with a fake connection (no discord.js, no network): no token, no
// bot; failures logged once and retried with backoff; a changed setting restarts the bot; the token
// never reaches the log.

import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { manualClock, type ManualClock } from '../../core/kernel/clock.ts';
import { memoryLogger } from '../../core/log/log.ts';
import { manualScheduler } from '../../core/kernel/scheduler.ts';
import type { DiscordBotSettings } from './extlink.config.ts';
import { createBotSupervisor, retryDelay, type BotHooks, type BotSupervisor, type ConnectBot } from './extlink.discord-bot.ts';

const TOKEN = 'MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.s3cr3t-t0ken_value';
const OTHER = 'OTg3NjU0MzIxMDk4NzY1NDMy.HxYzAb.an0ther-t0ken';
const settingsOf = (token: string, guildId?: string): DiscordBotSettings => ({ token, guildId, api: 'http://127.0.0.1:9/api' });

/** Lets pending promise work and immediates run. */
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
};

describe('the Discord bot supervisor', () => {
  let clock: ManualClock;
  let log: ReturnType<typeof memoryLogger>;
  let settings: DiscordBotSettings | undefined;
  /** What each connect attempt does: throw this error, or connect. */
  let outcome: Error | undefined;
  let loads: number;
  let attempts: DiscordBotSettings[];
  let closed: string[];
  let hooks: BotHooks | undefined;
  let bot: BotSupervisor;

  const connect: ConnectBot = async (s, h) => {
    attempts.push(s);
    if (outcome) throw outcome;
    hooks = h;
    return { name: `bot-${attempts.length}`, close: async () => void closed.push(`bot-${attempts.length}`) };
  };

  beforeEach(() => {
    clock = manualClock();
    log = memoryLogger();
    settings = undefined;
    outcome = undefined;
    loads = 0;
    attempts = [];
    closed = [];
    hooks = undefined;
    bot = createBotSupervisor({
      settings: () => settings,
      load: async () => {
        loads++;
        return connect;
      },
      answer: async (call) => `answer to /${call.command}`,
      log,
      scheduler: manualScheduler(clock, log),
    });
  });

  const warnings = () => log.lines.filter((l) => l.includes('WARN'));

  it('without a token starts nothing and loads nothing of discord.js', async () => {
    bot.sync();
    await settle();
    await clock.advance(3600);
    assert.equal(loads, 0);
    assert.equal(bot.state(), 'off');
    assert.deepEqual(log.lines, []);
  });

  it('with a token connects in the background and logs the bot’s name and where the commands are', async () => {
    settings = settingsOf(TOKEN, '123456789012345678');
    bot.sync();
    assert.equal(bot.state(), 'off', 'sync returns at once; connecting happens afterwards');
    await settle();
    assert.equal(bot.state(), 'connected');
    assert.equal(attempts.length, 1);
    assert.match(log.lines.at(-1)!, /The Discord bot is connected as bot-1; \/link, \/unlink and \/linked are registered in the Discord server 123456789012345678\./);
    assert.equal(await hooks!.answer({ command: 'link', userId: '1' }), 'answer to /link', 'slash commands reach the answer function');
  });

  it('a failure is logged once in one sentence and retried after 5 s, 10 s, 20 s…; success resets it', async () => {
    settings = settingsOf(TOKEN);
    outcome = Object.assign(new Error('An invalid token was provided.'), { code: 'TokenInvalid' });
    bot.sync();
    await settle();
    assert.equal(bot.state(), 'waiting');
    assert.deepEqual(warnings().length, 1);
    assert.match(warnings()[0]!, /The Discord bot could not connect: Discord refused the token \(discord-token in extlink\.conf\).*It tries again in 5 s, then less often/);
    await clock.advance(4);
    assert.equal(attempts.length, 1, 'not before 5 s');
    await clock.advance(1);
    await settle();
    assert.equal(attempts.length, 2);
    await clock.advance(9);
    await settle();
    assert.equal(attempts.length, 2, 'the second wait is 10 s');
    await clock.advance(1);
    await settle();
    assert.equal(attempts.length, 3);
    assert.equal(warnings().length, 1, 'the same failure is not logged again');
    outcome = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    await clock.advance(20);
    await settle();
    assert.equal(attempts.length, 4);
    assert.equal(warnings().length, 2, 'a different reason is logged');
    assert.match(warnings()[1]!, /Discord cannot be reached \(ECONNREFUSED\)/);
    outcome = undefined;
    await clock.advance(40);
    await settle();
    assert.equal(bot.state(), 'connected');
    assert.deepEqual([retryDelay(1), retryDelay(2), retryDelay(8), retryDelay(30)], [5_000, 10_000, 600_000, 600_000]);
  });

  it('never writes the token in the log, even when an error message carries it', async () => {
    settings = settingsOf(TOKEN);
    outcome = new Error(`request with ${TOKEN} failed`);
    bot.sync();
    await settle();
    assert.match(warnings()[0]!, /request with \*\*\* failed/);
    assert.ok(log.lines.every((l) => !l.includes(TOKEN) && !l.includes('s3cr3t')));
  });

  it('a changed token or guild restarts the bot; the same settings do nothing; no token stops it', async () => {
    settings = settingsOf(TOKEN);
    bot.sync();
    await settle();
    bot.sync();
    await settle();
    assert.equal(attempts.length, 1, 'unchanged settings keep the bot');
    settings = settingsOf(OTHER);
    bot.sync();
    await settle();
    assert.deepEqual(closed, ['bot-1']);
    assert.equal(attempts.at(-1)!.token, OTHER);
    assert.equal(bot.state(), 'connected');
    assert.ok(log.lines.some((l) => l.includes('The Discord bot settings changed: the bot reconnects.')));
    settings = settingsOf(OTHER, '123456789012345678');
    bot.sync();
    await settle();
    assert.equal(attempts.length, 3);
    settings = undefined;
    bot.sync();
    await settle();
    assert.equal(bot.state(), 'off');
    assert.equal(closed.length, 3);
    assert.match(log.lines.at(-1)!, /The Discord bot is stopped \(no discord-token in extlink\.conf\)\./);
  });

  it('a new token while waiting to retry cancels the retry of the old one', async () => {
    settings = settingsOf(TOKEN);
    outcome = new Error('Discord is down');
    bot.sync();
    await settle();
    outcome = undefined;
    settings = settingsOf(OTHER);
    bot.sync();
    await settle();
    await clock.advance(3600);
    await settle();
    assert.deepEqual(attempts.map((a) => a.token), [TOKEN, OTHER]);
  });

  it('a connection lost for good is closed and retried with backoff', async () => {
    settings = settingsOf(TOKEN);
    bot.sync();
    await settle();
    hooks!.lost('the Discord gateway closed the connection for good (close code 4004)');
    await settle();
    assert.equal(bot.state(), 'waiting');
    assert.deepEqual(closed, ['bot-1']);
    assert.match(warnings().at(-1)!, /close code 4004\)\. It tries again in 5 s/);
    await clock.advance(5);
    await settle();
    assert.equal(bot.state(), 'connected');
  });

  it('a loss reported while still connecting is left to the failed login (one warning, no crash)', async () => {
    bot = createBotSupervisor({
      settings: () => settingsOf(TOKEN),
      load: async () => async (_s, h) => {
        h.lost('the Discord gateway closed the connection for good (close code 4014)');
        throw new Error('Used disallowed intents');
      },
      answer: async () => '',
      log,
      scheduler: manualScheduler(clock, log),
    });
    bot.sync();
    await settle();
    assert.equal(bot.state(), 'waiting');
    assert.equal(warnings().length, 1);
    assert.match(warnings()[0]!, /could not connect: Discord refused the gateway intents the bot asks for \(Guilds\)\./);
  });

  it('stop closes the bot, cancels a pending retry, and later syncs do nothing', async () => {
    settings = settingsOf(TOKEN);
    bot.sync();
    await settle();
    await bot.stop();
    assert.deepEqual(closed, ['bot-1']);
    settings = settingsOf(OTHER);
    bot.sync();
    await settle();
    assert.equal(attempts.length, 1);
    assert.equal(bot.state(), 'off');
  });
});
