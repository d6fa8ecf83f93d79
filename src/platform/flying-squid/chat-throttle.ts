// How fast a player may chat and run commands. A chat line is shown to everyone, so chat keeps the
// game's own rate (its spam counter rises by 20 a line and falls by 1 a tick: 10 at once, then one
// a second), refusing the line where the game would kick. Commands are answered to the player
// alone, and scripts and quick hands run several a second, so they get more room. Every line counts
// toward a flood, which kicks:
// - chat: 10 lines at once, then 1 a second; a line beyond is not sent, and the player is told;
// - commands: 20 at once, then 10 a second; one beyond is not run, and the player is told;
// - every line typed, chat or command, sent or refused, counts toward the flood, which falls by
//   10 a second: past 40 the player is kicked "Kicked for spamming".
// The console is not throttled. docs/reliability.md, "The game side", states the rule.

export type LineKind = 'chat' | 'command';

/** The rule's numbers: for each kind, how many at once and how many a second after. */
export const CHAT_RATE = {
  chat: { burst: 10, perSecond: 1 },
  command: { burst: 20, perSecond: 10 },
  /** Every line typed counts; the count falls by `perSecond`; past `kickAt` the player is kicked. */
  flood: { kickAt: 40, perSecond: 10 },
} as const;

export const SPAM_KICK = 'Kicked for spamming';

export type ThrottleVerdict = 'send' | 'refuse' | 'kick';

interface Levels {
  chat: number;
  command: number;
  flood: number;
  at: number;
}

/** Counts each player's lines (by any key, a session) against CHAT_RATE. `now` is in milliseconds. */
export class ChatThrottle {
  private readonly levels = new WeakMap<object, Levels>();
  private readonly now: () => number;

  constructor(now: () => number = () => performance.now()) {
    this.now = now;
  }

  /** Counts one line of `who`'s and says what becomes of it. */
  take(who: object, kind: LineKind): ThrottleVerdict {
    const t = this.now();
    const l = this.levels.get(who) ?? { chat: 0, command: 0, flood: 0, at: t };
    const seconds = (t - l.at) / 1000;
    l.chat = Math.max(0, l.chat - seconds * CHAT_RATE.chat.perSecond);
    l.command = Math.max(0, l.command - seconds * CHAT_RATE.command.perSecond);
    l.flood = Math.max(0, l.flood - seconds * CHAT_RATE.flood.perSecond) + 1;
    l.at = t;
    this.levels.set(who, l);
    if (l.flood > CHAT_RATE.flood.kickAt) return 'kick';
    if (l[kind] + 1 > CHAT_RATE[kind].burst) return 'refuse';
    l[kind] += 1;
    return 'send';
  }
}
