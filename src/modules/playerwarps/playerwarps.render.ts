// A player warp as answers show it: its row with its managers, whitelist and bans, its history
// count, and its fee and earnings as money (kept in minor units of the warp's currency). Rows are
// rendered together, so a page of warps costs two reads, not two per warp.

import type { Money } from '../../core/values/schemas.ts';
import type { MemberRole, PlayerRef, PlayerWarp } from './playerwarps.schemas.ts';
import type { PlayerWarpsStore, WarpRow } from './playerwarps.store.ts';

export function warpRenderer(store: PlayerWarpsStore, money: (currency: string, minor: number) => Money) {
  async function render(rows: readonly WarpRow[]): Promise<PlayerWarp[]> {
    const ids = rows.map((r) => r.id);
    const members = await store.members(ids);
    const counts = await store.historyCounts(ids);
    return rows.map((w) => {
      const of = (role: MemberRole): PlayerRef[] =>
        members.filter((m) => m.warpId === w.id && m.role === role).map((m) => ({ 'player-id': m.uuid, 'player-name': m.name }));
      return {
        name: w.name,
        'owner-id': w.owner,
        'owner-name': w.ownerName,
        state: w.state,
        location: { ...w.location },
        public: w.public,
        description: w.description,
        fee: money(w.currency, w.fee),
        earnings: money(w.currency, w.earnings),
        managers: of('manager'),
        whitelist: of('whitelist'),
        bans: of('ban'),
        visits: w.visits,
        'history-entries': counts.get(w.id) ?? 0,
        'created-at': w.createdAt,
      };
    });
  }

  async function one(w: WarpRow): Promise<PlayerWarp> {
    return (await render([w]))[0]!;
  }

  return { render, one };
}
