// What players and staff read about sanctions: the kick screens of a ban and a kick, what a muted
// player is told, and the announcements. One place, so that the wording stays the same between the
// command, the route and the login gate.

import type { Text } from '../../platform/platform.ts';
import { formatDuration, formatInstant } from './moderation.duration.ts';
import type { SanctionRow } from './moderation.store.ts';

const until = (s: SanctionRow) => (s.expiresAt === null ? 'permanently' : `until ${formatInstant(s.expiresAt)}`);
const forHowLong = (s: SanctionRow) => (s.durationSeconds === null ? 'permanently' : `for ${formatDuration(s.durationSeconds)}`);
const because = (reason: string | null) => (reason === null ? '' : `: ${reason}`);

/** How long is left, rounded to whole seconds ("in 1 day 2 hours"). */
function remaining(s: SanctionRow, now: Date): string {
  if (s.expiresAt === null) return '';
  const left = Math.max(1, Math.ceil((Date.parse(s.expiresAt) - now.getTime()) / 1000));
  return ` (in ${formatDuration(left)})`;
}

/** The kick screen of a banned player, at the ban and at each refused join. */
export function banScreen(s: SanctionRow, now: Date): Text {
  const expires = s.expiresAt === null ? 'Expires: never (permanent ban)' : `Expires: ${formatInstant(s.expiresAt)}${remaining(s, now)}`;
  return `You are banned from this server.\n\nReason: ${s.reason ?? 'none given'}\n${expires}\nBanned by: ${s.actor}`;
}

/** The kick screen of a player whose address is banned. */
export function ipBanScreen(s: SanctionRow, now: Date): Text {
  const expires = s.expiresAt === null ? 'Expires: never (permanent ban)' : `Expires: ${formatInstant(s.expiresAt)}${remaining(s, now)}`;
  return `Your address is banned from this server.\n\nReason: ${s.reason ?? 'none given'}\n${expires}`;
}

export function kickScreen(reason: string | null, actor: string): Text {
  return `You were kicked from the server.\n\nReason: ${reason ?? 'none given'}\nKicked by: ${actor}`;
}

/** Told to a player when they are muted. */
export function mutedNotice(s: SanctionRow): Text {
  const reason = s.reason === null ? '' : ` Reason: ${s.reason}.`;
  const how = s.expiresAt === null ? 'permanently' : `${forHowLong(s)} (${until(s)})`;
  return { text: `You have been muted by ${s.actor} ${how}.${reason}`, color: 'red' };
}

/** Told to a muted player whose chat, message or sign was blocked. */
export function stillMuted(s: SanctionRow, what: string): Text {
  const reason = s.reason === null ? '' : ` Reason: ${s.reason}.`;
  return { text: `You are muted ${until(s)}: ${what}.${reason}`, color: 'red' };
}

export const unmutedNotice = (expired: boolean): Text => ({
  text: expired ? 'Your mute has expired: you may chat again.' : 'You are no longer muted: you may chat again.',
  color: 'green',
});

export function warnedNotice(reason: string, actor: string, count: number): Text {
  return { text: `You have been warned by ${actor}: ${reason} (warning ${count}).`, color: 'red' };
}

/** The server-wide line of a sanction (or, when silent, the line staff with the notify node read). */
export const announce = {
  ban: (name: string, s: SanctionRow) => `${name} was banned by ${s.actor} ${forHowLong(s)}${because(s.reason)}`,
  unban: (name: string, actor: string) => `${name} was unbanned by ${actor}.`,
  mute: (name: string, s: SanctionRow) => `${name} was muted by ${s.actor} ${forHowLong(s)}${because(s.reason)}`,
  unmute: (name: string, actor: string) => `${name} was unmuted by ${actor}.`,
  kick: (name: string, actor: string, reason: string | null) => `${name} was kicked by ${actor}${because(reason)}`,
  warn: (name: string, actor: string, reason: string) => `${name} was warned by ${actor}: ${reason}`,
  /** An address is never shown to everyone: the line names the player banned through it, if any. */
  ipBan: (name: string | null, s: SanctionRow) =>
    `${name === null ? 'An address' : `${name} (by address)`} was banned by ${s.actor} ${forHowLong(s)}${because(s.reason)}`,
  ipUnban: (name: string | null, actor: string) => `${name === null ? 'An address' : `${name} (by address)`} was unbanned by ${actor}.`,
};
