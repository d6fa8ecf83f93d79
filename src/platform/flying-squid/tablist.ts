// The tab list: flying-squid 1.12 sends a joining player no tab list and uses the old removal
// packet (PLATFORM-NOTES defects 3 and 4); these replace its per-player list functions.

import type { AdapterContext } from './context.ts';
import type { FsPlayer } from './fs-types.ts';
import { claimLoginInterval } from './login-plugin.ts';
import * as P from './packets.ts';

export class TabList {
  private readonly ctx: AdapterContext;

  constructor(ctx: AdapterContext) {
    this.ctx = ctx;
    const serv = ctx.serv;
    // flying-squid sets these per player plugin run; they are replaced after each.
    ctx.onAttach(() => {
      serv._sendPlayerList = (to) => this.sendTabList(to);
      serv._sendPlayerEventNewJoin = () => {};
      serv._sendPlayerEventLeave = (left) => {
        const s = ctx.sessionOf(left);
        if (!s?.joined) return;
        for (const other of ctx.joined.values()) if (other !== s) other.send(P.playerRemove([s.online.uuid]));
      };
      serv._sendPlayerEventUpdateGameMode = (changed) => {
        const s = ctx.sessionOf(changed);
        if (!s) return;
        for (const other of ctx.joined.values()) other.send(P.tabListGameMode(s.online.uuid, changed.gameMode));
      };
    });
  }

  /** Sends the whole tab list to a joining player, and the joining player to everyone else. */
  private sendTabList(to: FsPlayer): void {
    const session = this.ctx.sessionOf(to);
    // flying-squid starts the player's 5-second latency interval right after this call: it ends
    // with the session (at once when the player has already left).
    claimLoginInterval((timer) => (session ? session.timers.push(timer) : clearInterval(timer)));
    if (!session) return;
    const serv = this.ctx.serv;
    session.send(P.tabListAdd(serv.players.filter((p) => p.uuid).map(tabEntry)));
    for (const other of serv.players) {
      if (other !== to) this.ctx.sessionOf(other)?.send(P.tabListAdd([tabEntry(to)]));
    }
  }
}

/** A player's line in the tab list as it is now. */
export function tabEntry(p: FsPlayer): P.TabEntry {
  return {
    uuid: p.uuid,
    name: p.username,
    properties: p.profileProperties ?? [],
    gameMode: p.gameMode ?? 0,
    latency: p._client.latency,
  };
}
