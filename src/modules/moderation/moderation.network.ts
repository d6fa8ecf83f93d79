// Sanctions across the servers of a network sharing one PostgreSQL database (docs/network.md):
// the login gate and the chat filter read bans, mutes and address bans from memory (they are
// synchronous), so a server that imposes or lifts one signals the others, which re-read that one
// row and act on it at once: a ban kicks the player if they are online there, an address ban
// everyone online from the address, a mute or unmute tells the player. After the listening
// connection comes back every sanction is re-read, since signals sent meanwhile were lost.

import type { NetworkSignals } from '../../core/network/network-signals.ts';
import type { ModerationStore, SanctionKind, SanctionRow } from './moderation.store.ts';

export const SANCTIONS_SIGNAL = 'moderation';

/** What a server holds in memory, and what it does when another server changed it. */
export interface SanctionMemory {
  /** Holds what is stored for a player now (undefined: none), acting on the change. */
  stored(kind: SanctionKind, uuid: string, row: SanctionRow | undefined): void;
  storedIp(address: string, row: SanctionRow | undefined): void;
  held(kind: SanctionKind): Iterable<string>;
  heldIps(): Iterable<string>;
}

/** Tells the other servers that a player's ban or mute changed (in `within`'s transaction when given). */
export function tellSanction(signals: NetworkSignals | undefined, kind: SanctionKind, uuid: string, within?: Parameters<NetworkSignals['publish']>[2]) {
  return signals?.publish(SANCTIONS_SIGNAL, { kind, uuid }, within);
}

export function tellIpBan(signals: NetworkSignals | undefined, address: string, within?: Parameters<NetworkSignals['publish']>[2]) {
  return signals?.publish(SANCTIONS_SIGNAL, { kind: 'ip-ban', address }, within);
}

export function hearSanctions(signals: NetworkSignals, store: ModerationStore, memory: SanctionMemory): void {
  signals.on(SANCTIONS_SIGNAL, async (d) => {
    if ((d.kind === 'ban' || d.kind === 'mute') && typeof d.uuid === 'string') memory.stored(d.kind, d.uuid, await store.sanctionFor(d.kind, d.uuid));
    else if (d.kind === 'ip-ban' && typeof d.address === 'string') memory.storedIp(d.address, await store.ipBanFor(d.address));
  });
  signals.onReconnect(async () => {
    for (const kind of ['ban', 'mute'] as const) {
      const rows = await store.allSanctions(kind);
      for (const uuid of new Set([...memory.held(kind), ...rows.keys()])) memory.stored(kind, uuid, rows.get(uuid));
    }
    const ips = await store.allIpBans();
    for (const address of new Set([...memory.heldIps(), ...ips.keys()])) memory.storedIp(address, ips.get(address));
  });
}
