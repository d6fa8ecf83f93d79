// data/core/extlink.conf: how long a link code from /link stays redeemable, and the optional Discord
// bot (its token, the guild its slash commands are registered in, the REST address). Every key
// applies at `core reload` (a changed bot setting restarts the bot). The token is a secret: no
// message or log line repeats it.

import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { defineConfig } from '../../core/config/config-define.ts';
import { lines } from '../../core/config/config-schema.ts';
import { SNOWFLAKE_PATTERN } from './extlink.schemas.ts';

/** The Discord bot's settings; absent when no token is set (no bot). */
export interface DiscordBotSettings {
  token: string;
  /** The guild (Discord server) the slash commands are registered in; undefined: globally. */
  guildId: string | undefined;
  /** Discord's REST API address (a REST proxy's, or a local fake's in tests). */
  api: string;
}

export interface ExtlinkConfig {
  /** Seconds a code from /link may be redeemed. */
  codeExpirySeconds: number;
  discord: DiscordBotSettings | undefined;
}

export const MIN_CODE_EXPIRY = 30;
export const MAX_CODE_EXPIRY = 86_400;
export const DISCORD_API = 'https://discord.com/api';

/** A pattern, or nothing at all (`""`). */
const orEmpty = (pattern: string) => `^$|${pattern}`;

export const extlinkConfig = defineConfig({
  file: 'extlink.conf',
  header: "Core account links (a player's external chat-platform account, e.g. a Discord user id).",
  schema: Type.Object({
    'code-expiry-seconds': Type.Integer({
      default: 600,
      minimum: MIN_CODE_EXPIRY,
      maximum: MAX_CODE_EXPIRY,
      unit: 'seconds',
      description: lines(
        'Seconds a code given by /link stays valid. The platform side (or an admin with',
        `/extlink redeem <code> <id>) must redeem it before then. ${MIN_CODE_EXPIRY} to ${MAX_CODE_EXPIRY}.`,
      ),
    }),
    // Three parts of base64url joined by dots; the value is never echoed.
    'discord-token': Type.String({
      default: '',
      pattern: orEmpty('^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$'),
      errorMessage: {
        type: 'must be a string in quotes (empty for no bot)',
        pattern: 'is not a bot token: copy it from the Bot page of the Discord Developer Portal (three parts joined by dots, without "Bot ")',
      },
      description: lines(
        'The optional Discord bot: with a token, the server logs in as that bot and registers the slash',
        'commands /link code:<code>, /unlink and /linked, so players redeem their code in Discord',
        'themselves. Empty: no bot (codes are redeemed with /extlink redeem). The token is the one of the',
        'Bot page of the Discord Developer Portal; keep this file private. Applies on core reload.',
      ),
    }),
    'discord-guild-id': Type.String({
      default: '',
      pattern: orEmpty(SNOWFLAKE_PATTERN),
      errorMessage: 'must be a server id in quotes (17-20 digits), or "" to register the commands globally',
      description: lines(
        'The id of the Discord server (guild) to register the slash commands in: they appear there at',
        'once. Empty: registered globally (in every server the bot is in, and in its direct messages).',
      ),
    }),
    'discord-api-url': Type.String({
      default: DISCORD_API,
      pattern: '^https?://[^\\s/]+(/\\S*)?$',
      errorMessage: `must be an http(s) address in quotes, e.g. "${DISCORD_API}"`,
      description: "Discord's REST API address. Change it only to go through a REST proxy.",
    }),
  }),
  decode: (s): ExtlinkConfig => ({
    codeExpirySeconds: s.codeExpirySeconds,
    discord:
      s.discordToken === ''
        ? undefined
        : { token: s.discordToken, guildId: s.discordGuildId === '' ? undefined : s.discordGuildId, api: s.discordApiUrl.replace(/\/+$/, '') },
  }),
});

/** A short fingerprint of a token: tells a changed token from the same one without holding it. */
export function tokenFingerprint(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 16);
}

export const extlinkReloadable = (configDir: string) => extlinkConfig.reloadable(configDir);
