// Who sees whom, kept the same way by every platform (see visibility.ts for the rules of the
// port). The table knows the players present (told by `joined` and `left`), the pairs hidden by
// hand, and the rules; it asks the rules only when a player joins, a rule comes or goes, or
// `refresh` is called, and tells the platform each pair whose visibility changed, so the platform
// can remove or restore what the viewer sees.

import type { OnlinePlayer } from './platform.ts';
import type { VisibilityRule } from './visibility.ts';

export interface VisibilityChange {
  viewer: OnlinePlayer;
  target: OnlinePlayer;
  visible: boolean;
}

const key = (viewer: string, target: string) => `${viewer} ${target}`;

export class VisibilityTable {
  private readonly present = new Map<string, OnlinePlayer>();
  private readonly hiddenByHand = new Set<string>();
  private readonly rules = new Set<VisibilityRule>();
  /** Pairs of present players that are hidden now. */
  private readonly hidden = new Set<string>();
  private readonly changed: (change: VisibilityChange) => void;
  private readonly ruleFailed: (error: unknown) => void;

  /**
   * @param changed told of each pair of present players whose visibility changed (not of pairs
   *   decided when a player joins: the platform asks `canSee` while it shows the newcomer around)
   * @param ruleFailed told of a rule that threw (the pair is then hidden)
   */
  constructor(changed: (change: VisibilityChange) => void, ruleFailed: (error: unknown) => void) {
    this.changed = changed;
    this.ruleFailed = ruleFailed;
  }

  /** A player arrives: every pair with the players present is decided now. */
  joined(player: OnlinePlayer): void {
    this.present.set(player.uuid, player);
    for (const other of this.present.values()) {
      if (other.uuid === player.uuid) continue;
      this.setHidden(other, player, this.decide(other, player), false);
      this.setHidden(player, other, this.decide(player, other), false);
    }
  }

  left(uuid: string): void {
    if (!this.present.delete(uuid)) return;
    for (const other of this.present.keys()) {
      this.hidden.delete(key(uuid, other));
      this.hidden.delete(key(other, uuid));
    }
  }

  hide(viewer: string, target: string): void {
    if (viewer === target) return;
    this.hiddenByHand.add(key(viewer, target));
    this.recheck(viewer, target);
  }

  show(viewer: string, target: string): void {
    this.hiddenByHand.delete(key(viewer, target));
    this.recheck(viewer, target);
  }

  addRule(rule: VisibilityRule): () => void {
    this.rules.add(rule);
    this.refresh();
    return () => {
      if (this.rules.delete(rule)) this.refresh();
    };
  }

  refresh(): void {
    for (const viewer of this.present.values()) {
      for (const target of this.present.values()) {
        if (viewer !== target) this.setHidden(viewer, target, this.decide(viewer, target), true);
      }
    }
  }

  canSee(viewer: string, target: string): boolean {
    if (!this.present.has(viewer) || !this.present.has(target)) return false;
    return viewer === target || !this.hidden.has(key(viewer, target));
  }

  /** The present players `viewer` cannot see. */
  hiddenFrom(viewer: string): OnlinePlayer[] {
    return [...this.present.values()].filter((p) => p.uuid !== viewer && this.hidden.has(key(viewer, p.uuid)));
  }

  private recheck(viewer: string, target: string): void {
    if (viewer === target) return;
    const v = this.present.get(viewer);
    const t = this.present.get(target);
    if (v && t) this.setHidden(v, t, this.decide(v, t), true);
  }

  private decide(viewer: OnlinePlayer, target: OnlinePlayer): boolean {
    if (this.hiddenByHand.has(key(viewer.uuid, target.uuid))) return true;
    for (const rule of this.rules) {
      try {
        if (!rule(viewer, target)) return true;
      } catch (e) {
        this.ruleFailed(e);
        return true;
      }
    }
    return false;
  }

  private setHidden(viewer: OnlinePlayer, target: OnlinePlayer, hide: boolean, tell: boolean): void {
    const k = key(viewer.uuid, target.uuid);
    if (this.hidden.has(k) === hide) return;
    if (hide) this.hidden.add(k);
    else this.hidden.delete(k);
    if (tell) this.changed({ viewer, target, visible: !hide });
  }
}
