// Movement the client sent before it saw a teleport is not applied after it. flying-squid applies
// every position packet as it comes, so packets already on their way when the server moved the
// player (a teleport, a world change, a cancelled move) put them back where they were, in the new
// world too, and flying-squid then unloads the chunks around the real position from the client.
// As vanilla does, after a position packet the server ignores the client's movement until the
// client confirms that teleport (or, for a client that never does, for a few seconds), and while
// the player is being moved to another world (the chunks go out before the position).

import type { AdapterContext, PlayerSession } from './context.ts';

/** How long a teleport waits for its confirmation before the client's movement counts again. */
const CONFIRM_WAIT_MS = 3000;
const MOVEMENT = ['position', 'position_look'] as const;

interface Awaited {
  teleportId: number;
  since: number;
}

export class PositionSync {
  private readonly awaiting = new WeakMap<PlayerSession, Awaited>();

  constructor(ctx: AdapterContext) {
    for (const event of MOVEMENT) ctx.takeOverClientEvent(event, true);
    ctx.onAttach((session) => {
      const client = session.fs._client;
      const sendPosition = session.sendPosition.bind(session);
      session.sendPosition = (packet) => {
        const teleportId = packet.params.teleportId;
        if (packet.name === 'position' && typeof teleportId === 'number') this.awaiting.set(session, { teleportId, since: Date.now() });
        sendPosition(packet);
      };
      client.on('teleport_confirm', (d: { teleportId?: number }) => {
        if (this.awaiting.get(session)?.teleportId === d?.teleportId) this.awaiting.delete(session);
      });
      for (const event of MOVEMENT) {
        client.on(event, (data: unknown) => {
          if (this.stale(session)) return;
          for (const l of session.fsListeners.get(event) ?? []) l(data);
        });
      }
    });
  }

  /** Whether the client's movement predates a teleport it has not confirmed yet (or one under way). */
  private stale(session: PlayerSession): boolean {
    if (session.moving) return true;
    const awaited = this.awaiting.get(session);
    if (!awaited) return false;
    if (Date.now() - awaited.since < CONFIRM_WAIT_MS) return true;
    this.awaiting.delete(session);
    return false;
  }
}
