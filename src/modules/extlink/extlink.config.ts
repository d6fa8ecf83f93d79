// data/core/extlink.conf: how long a link code from /link stays redeemable, and the optional Discord
// bot (its token, the guild its slash commands are registered in, the REST address). Written with
// comments on first start, never overwritten; every key applies on `core reload` (a changed bot
// setting restarts the bot). The token is a secret: it is never written in a message or a log
// line, and the key map that `core reload` compares holds only a fingerprint of it.

import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { configProblem, readConfigFile } from '../../core/config-file.ts';
import type { ReloadableConfig } from '../../core/config-reload.ts';
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

export const EXTLINK_CONF_DEFAULT = `# Core account links (a player's external chat-platform account, e.g. a Discord user id).

# Seconds a code given by /link stays valid. The platform side (or an admin with
# /extlink redeem <code> <id>) must redeem it before then. ${MIN_CODE_EXPIRY} to ${MAX_CODE_EXPIRY}.
code-expiry-seconds = 600

# The optional Discord bot: with a token, the server logs in as that bot and registers the slash
# commands /link code:<code>, /unlink and /linked, so players redeem their code in Discord
# themselves. Empty: no bot (codes are redeemed with /extlink redeem). The token is the one of the
# Bot page of the Discord Developer Portal; keep this file private. Applies on core reload.
discord-token = ""

# The id of the Discord server (guild) to register the slash commands in: they appear there at
# once. Empty: registered globally (in every server the bot is in, and in its direct messages).
discord-guild-id = ""

# Discord's REST API address. Change it only to go through a REST proxy.
discord-api-url = "${DISCORD_API}"
`;

const KEYS = ['code-expiry-seconds', 'discord-token', 'discord-guild-id', 'discord-api-url'];
/** A bot token: three parts of base64url joined by dots (its value is never echoed). */
const TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const SNOWFLAKE = new RegExp(SNOWFLAKE_PATTERN);

export function loadExtlinkConfig(configDir: string): ExtlinkConfig {
  const path = join(configDir, 'extlink.conf');
  const read = readConfigFile(path, EXTLINK_CONF_DEFAULT);
  if (!read.ok) throw new Error(read.message);
  const { table, text } = read;
  const problem = (key: string, what: string) => new Error(configProblem(path, text, key, what));
  for (const key of Object.keys(table)) if (!KEYS.includes(key)) throw problem(key, 'is not a key of this file');
  const expiry = table['code-expiry-seconds'] ?? 600;
  if (typeof expiry !== 'number' || !Number.isInteger(expiry) || expiry < MIN_CODE_EXPIRY || expiry > MAX_CODE_EXPIRY) {
    throw problem('code-expiry-seconds', `must be a whole number of seconds from ${MIN_CODE_EXPIRY} to ${MAX_CODE_EXPIRY}`);
  }
  const token = table['discord-token'] ?? '';
  if (typeof token !== 'string') throw problem('discord-token', 'must be a string in quotes (empty for no bot)');
  if (token !== '' && !TOKEN.test(token)) {
    throw problem('discord-token', 'is not a bot token: copy it from the Bot page of the Discord Developer Portal (three parts joined by dots, without "Bot ")');
  }
  const guild = table['discord-guild-id'] ?? '';
  if (typeof guild !== 'string' || (guild !== '' && !SNOWFLAKE.test(guild))) {
    throw problem('discord-guild-id', 'must be a server id in quotes (17-20 digits), or "" to register the commands globally');
  }
  const api = table['discord-api-url'] ?? DISCORD_API;
  if (typeof api !== 'string' || !/^https?:\/\/[^\s/]+(\/\S*)?$/.test(api)) {
    throw problem('discord-api-url', `must be an http(s) address in quotes, e.g. "${DISCORD_API}"`);
  }
  const discord = token === '' ? undefined : { token, guildId: guild === '' ? undefined : guild, api: api.replace(/\/+$/, '') };
  return { codeExpirySeconds: expiry, discord };
}

/** A short fingerprint of a token: tells a changed token from the same one without holding it. */
export function tokenFingerprint(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 16);
}

/** extlink.conf for `core reload`: the expiry applies to codes issued afterwards; a changed bot setting restarts the bot. */
export function extlinkReloadable(configDir: string): ReloadableConfig<ExtlinkConfig> {
  return {
    path: join(configDir, 'extlink.conf'),
    read: () => loadExtlinkConfig(configDir),
    keys: (c) =>
      new Map<string, unknown>([
        ['code-expiry-seconds', c.codeExpirySeconds],
        ['discord-token', c.discord ? tokenFingerprint(c.discord.token) : ''],
        ['discord-guild-id', c.discord?.guildId ?? ''],
        ['discord-api-url', c.discord?.api ?? ''],
      ]),
  };
}
