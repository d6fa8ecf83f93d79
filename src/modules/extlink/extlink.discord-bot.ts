// Keeps the optional Discord bot running as extlink.conf says: none without a token; with one, it
// connects in the background (start-up never waits for Discord) and, when connecting fails or the
// connection is lost for good, tries again after 5 s, 10 s, 20 s… up to 10 minutes. A failure is
// logged once, in one sentence; the same failure again is not logged again until the bot connects
// or the reason changes. `sync` (after `core reload`) restarts the bot when a bot setting changed.
// discord.js is loaded by `load` only when a token is set: without one nothing of it is imported.

import type { Logger } from '../../core/log/log.ts';
import type { ScheduledTask, Scheduler } from '../../core/kernel/scheduler.ts';
import { tokenFingerprint, type DiscordBotSettings } from './extlink.config.ts';
import type { SlashCall } from './extlink.discord-commands.ts';

/** A running bot. */
export interface BotConnection {
  /** The bot's Discord user name, for the log. */
  readonly name: string;
  close(): Promise<void>;
}

export interface BotHooks {
  /** The reply to a slash command (never throws). */
  answer(call: SlashCall): Promise<string>;
  /** The connection is lost and will not come back by itself (why, in words; no secret). */
  lost(reason: string): void;
  /** Something went wrong without losing the connection (a reply that could not be sent). */
  problem(reason: string): void;
}

/** Logs in and registers the commands; rejects when that fails. */
export type ConnectBot = (settings: DiscordBotSettings, hooks: BotHooks) => Promise<BotConnection>;

export interface BotSupervisorDeps {
  settings: () => DiscordBotSettings | undefined;
  /** Loads the discord.js wiring (a dynamic import). */
  load: () => Promise<ConnectBot>;
  answer: (call: SlashCall) => Promise<string>;
  log: Logger;
  scheduler: Pick<Scheduler, 'after'>;
}

export type BotState = 'off' | 'connecting' | 'connected' | 'waiting';

export interface BotSupervisor {
  /** Starts, restarts or stops the bot to match the settings; does nothing when they are unchanged. */
  sync(): void;
  state(): BotState;
  /** Stops the bot for good (module stop): later syncs do nothing. */
  stop(): Promise<void>;
}

export const FIRST_RETRY_MS = 5_000;
export const LONGEST_RETRY_MS = 600_000;

/** The wait before attempt `n` (1 after the first failure): 5 s doubling, at most 10 minutes. */
export const retryDelay = (n: number): number => Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, n - 1));

const inWords = (ms: number) => (ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 1000)} s`);

/** Why connecting failed, in words, with the token blanked out should any text carry it. */
export function failureReason(e: unknown, token: string): string {
  const err = e instanceof Error ? (e as Error & { code?: unknown; status?: unknown; cause?: unknown }) : undefined;
  const code = typeof err?.code === 'string' || typeof err?.code === 'number' ? String(err.code) : '';
  const cause = err?.cause instanceof Error ? (err.cause as Error & { code?: unknown }) : undefined;
  const net = [code, typeof cause?.code === 'string' ? cause.code : ''].find((c) => /^(E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(c));
  let reason: string;
  if (code === 'TokenInvalid') reason = 'Discord refused the token (discord-token in extlink.conf): copy it again from the Bot page of the Developer Portal';
  else if (net) reason = `Discord cannot be reached (${net}): no network, or the address in discord-api-url is wrong`;
  else if (typeof err?.status === 'number' && err.status >= 500) reason = `Discord answered ${err.status}: it may be down`;
  else if (code === 'DisallowedIntents' || /disallowed intents/i.test(err?.message ?? '')) reason = 'Discord refused the gateway intents the bot asks for (Guilds)';
  else reason = err ? `${err.message}${code ? ` (${code})` : ''}` : String(e);
  return token ? reason.split(token).join('***') : reason;
}

export function createBotSupervisor(deps: BotSupervisorDeps): BotSupervisor {
  const { log, scheduler } = deps;
  /** What the running (or waiting) bot was started with: '' for no bot. */
  let key = '';
  /** Bumped at every (re)start and stop: a connection from an older one is closed, not used. */
  let generation = 0;
  let connection: BotConnection | undefined;
  let retry: ScheduledTask | undefined;
  let attempts = 0;
  let lastReason: string | undefined;
  let current: BotState = 'off';
  let stopped = false;

  const keyOf = (s: DiscordBotSettings | undefined) => (s ? `${tokenFingerprint(s.token)} ${s.guildId ?? ''} ${s.api}` : '');

  async function halt(): Promise<void> {
    generation++;
    retry?.cancel();
    retry = undefined;
    const c = connection;
    connection = undefined;
    current = 'off';
    if (c) await c.close().catch((e: unknown) => log.warn(`The Discord bot did not close cleanly: ${failureReason(e, '')}`));
  }

  function failed(settings: DiscordBotSettings, reason: string, gen: number): void {
    if (gen !== generation) return;
    attempts++;
    const wait = retryDelay(attempts);
    current = 'waiting';
    if (reason !== lastReason) {
      log.warn(`The Discord bot could not connect: ${reason}. It tries again in ${inWords(wait)}, then less often; until then codes are redeemed with /extlink redeem.`);
      lastReason = reason;
    }
    retry = scheduler.after(wait, () => {
      retry = undefined;
      if (gen === generation) void start(settings, gen);
    });
  }

  async function start(settings: DiscordBotSettings, gen: number): Promise<void> {
    current = 'connecting';
    let conn: BotConnection | undefined;
    try {
      const connect = await deps.load();
      conn = await connect(settings, {
        answer: deps.answer,
        lost(reason) {
          // While connecting, the failed login reports it; afterwards only the current connection counts.
          if (gen !== generation || conn === undefined || connection !== conn) return;
          connection = undefined;
          void conn.close().catch(() => undefined);
          failed(settings, failureReason(new Error(reason), settings.token), gen);
        },
        problem: (reason) => log.warn(`Discord bot: ${failureReason(new Error(reason), settings.token)}`),
      });
    } catch (e) {
      failed(settings, failureReason(e, settings.token), gen);
      return;
    }
    if (gen !== generation) {
      await conn.close().catch(() => undefined);
      return;
    }
    connection = conn;
    current = 'connected';
    attempts = 0;
    lastReason = undefined;
    const where = settings.guildId ? `in the Discord server ${settings.guildId}` : 'globally';
    log.info(`The Discord bot is connected as ${conn.name}; /link, /unlink and /linked are registered ${where}.`);
  }

  return {
    sync() {
      if (stopped) return;
      const settings = deps.settings();
      const next = keyOf(settings);
      if (next === key) return;
      const restarting = key !== '';
      key = next;
      attempts = 0;
      lastReason = undefined;
      void halt().then(() => {
        if (key !== next) return; // a later sync (or stop) took over
        if (!settings) {
          if (restarting) log.info('The Discord bot is stopped (no discord-token in extlink.conf).');
          return;
        }
        if (restarting) log.info('The Discord bot settings changed: the bot reconnects.');
        void start(settings, generation);
      });
    },
    state: () => current,
    async stop() {
      stopped = true;
      key = '';
      await halt();
    },
  };
}
