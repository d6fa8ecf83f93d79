// Which players see which (vanish, staff mode): part of GamePlatform.
//
// A player `viewer` who cannot see `target` has no entity of `target` in their world, no line for
// `target` in their tab list, and is not shown `target`'s chat lines nor the lines announcing that
// `target` joined or left. Everything else about `target` (commands, events, `onlinePlayers()`)
// is unchanged: a module that lists players asks `canSee` itself.
//
// Two things hide a player: a pair hidden by `hidePlayer` (remembered by uuid while the platform
// runs, so it holds when either player leaves and comes back), and the visibility rules modules
// add, which the platform asks for every pair of online players, players who join later included.
// A player always sees themself.

import type { OnlinePlayer } from './platform.ts';

/**
 * Answers whether `viewer` may see `target`; false hides. Asked when either joins, and for every
 * pair when `refreshVisibility` is called. A rule that throws is logged and hides (a failure must
 * not reveal a vanished player).
 */
export type VisibilityRule = (viewer: OnlinePlayer, target: OnlinePlayer) => boolean;

export interface VisibilityPort {
  /** Hides `target` from `viewer` (uuids; either may be offline) until `showPlayer`. */
  hidePlayer(viewer: string, target: string): void;
  /** Undoes `hidePlayer`: `viewer` sees `target` again unless a rule hides them. */
  showPlayer(viewer: string, target: string): void;
  /** Adds a rule; the answer removes it again (and shows whom only it hid). */
  addVisibilityRule(rule: VisibilityRule): () => void;
  /** Asks the rules again for every pair of online players, after what they depend on changed. */
  refreshVisibility(): void;
  /** Whether `viewer` sees `target` now: false when either is offline. */
  canSee(viewer: string, target: string): boolean;
}
