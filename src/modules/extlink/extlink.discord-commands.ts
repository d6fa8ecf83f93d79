// The Discord bot's slash commands, without discord.js: their definitions (as the Discord API
// takes them) and what each answers. `answerSlash` turns a call (the command, the Discord user who
// ran it, its options) into the reply text through the extlink service, the same functions the
// in-game commands use; the discord.js wiring (extlink.discord-client.ts) only carries calls in and
// replies out, ephemerally.

import type { Actor } from '../../core/kernel/actor.ts';
import { InvalidInput } from '../../core/values/invalid-input.ts';
import type { Logger } from '../../core/log/log.ts';
import type { ExtlinkService } from './extlink.service.ts';
import { CODE_LENGTH } from './extlink.service.ts';
import type { Binding } from './extlink.schemas.ts';

/** Discord's application-command option types used here. */
const STRING = 3;
const USER = 6;

/** The commands the bot registers (the body of Discord's "bulk overwrite commands"). */
export const SLASH_COMMANDS = [
  {
    name: 'link',
    description: 'Links your Discord account to your Minecraft player: run /link in Minecraft for the code.',
    options: [{ type: STRING, name: 'code', description: `The ${CODE_LENGTH}-character code /link gave you in Minecraft`, required: true, max_length: 32 }],
  },
  { name: 'unlink', description: 'Removes the link between your Discord account and your Minecraft player.' },
  {
    name: 'linked',
    description: 'Shows the Minecraft player your account (or another member’s) is linked to.',
    options: [{ type: USER, name: 'user', description: 'Another member (yourself when left out)', required: false }],
  },
] as const;

/** One slash command run in Discord, as plain data. */
export interface SlashCall {
  command: string;
  /** The id (snowflake) of the Discord user who ran it. */
  userId: string;
  /** `/link`'s code. */
  code?: string | null;
  /** `/linked`'s member (their id), when given. */
  user?: string | null;
}

export const discordActor = (userId: string): Actor => ({ kind: 'external', platform: 'discord', id: userId });

/** A player's name in Discord markdown (`_` would start italics). */
const bold = (name: string) => `**${name.replace(/([\\`*_~|>])/g, '\\$1')}**`;
/** A Discord timestamp: each reader sees it in their own zone. */
const since = (b: Binding) => `<t:${Math.floor(Date.parse(b['linked-at']) / 1000)}:f>`;

const NOT_LINKED = 'Your Discord account is not linked to a Minecraft player. Run /link in Minecraft to get a code, then /link code:<code> here.';

async function link(extlink: ExtlinkService, call: SlashCall): Promise<string> {
  const mine = await extlink.ofAccount(call.userId);
  if (mine.ok && mine.value) return `Your Discord account is already linked to ${bold(mine.value['player-name'])}. Run /unlink first to link another player.`;
  const code = (call.code ?? '').trim();
  let r;
  try {
    r = await extlink.redeem(code, call.userId, discordActor(call.userId));
  } catch (e) {
    if (!(e instanceof InvalidInput)) throw e;
    const shown = code.replace(/[^A-Za-z0-9]/g, '').slice(0, 32);
    return `${shown ? `"${shown}" is not a link code` : 'No code was given'}: a code is ${CODE_LENGTH} letters and digits. Run /link in Minecraft to get one.`;
  }
  if (r.ok) return `Linked! Your Discord account is now linked to the Minecraft player ${bold(r.value['player-name'])}.`;
  if (r.code === 'not-found') return `The code ${code.toUpperCase()} is unknown or has expired. Run /link in Minecraft for a new one.`;
  if (r.code === 'already-exists') return 'The player of this code is already linked to another Discord account: they run /unlink in Minecraft first.';
  return r.message;
}

async function unlink(extlink: ExtlinkService, call: SlashCall): Promise<string> {
  const mine = await extlink.ofAccount(call.userId);
  if (!mine.ok) return mine.message;
  if (!mine.value) return 'Your Discord account is not linked to a Minecraft player.';
  const r = await extlink.unlink(mine.value['player-id'], discordActor(call.userId));
  if (!r.ok) return r.code === 'not-found' ? 'Your Discord account is not linked to a Minecraft player.' : r.message;
  return `Your Discord account is no longer linked to ${bold(r.value['player-name'])}.`;
}

async function linked(extlink: ExtlinkService, call: SlashCall): Promise<string> {
  const other = call.user && call.user !== call.userId ? call.user : undefined;
  const r = await extlink.ofAccount(other ?? call.userId);
  if (!r.ok) return r.message;
  if (other) return r.value ? `<@${other}> is linked to ${bold(r.value['player-name'])} since ${since(r.value)}.` : `<@${other}> is not linked to a Minecraft player.`;
  return r.value ? `Your Discord account is linked to ${bold(r.value['player-name'])} since ${since(r.value)}.` : NOT_LINKED;
}

/**
 * The reply to a slash command. Never throws: an unexpected error is logged and answered with a
 * sentence asking to try again (the user sees no stack).
 */
export async function answerSlash(extlink: ExtlinkService, call: SlashCall, log: Logger): Promise<string> {
  try {
    switch (call.command) {
      case 'link':
        return await link(extlink, call);
      case 'unlink':
        return await unlink(extlink, call);
      case 'linked':
        return await linked(extlink, call);
      default:
        return `This server does not know the command /${call.command}.`;
    }
  } catch (e) {
    log.error(`the Discord command /${call.command} of the user ${call.userId} failed`, e);
    return 'Something went wrong on the Minecraft server; try again later, or ask an admin.';
  }
}
