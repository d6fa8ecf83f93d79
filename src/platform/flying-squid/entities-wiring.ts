// The entities concern of the adapter: the EntityPort on the live server. It ties the entity
// manager (entities.ts), clicks (interact.ts) and skins (skins.ts) to the players' lives: a player
// is shown the entities of their world when they join and whenever they enter a world afresh.

import type { EntityOutcome, EntityPort, Skin } from '../entities.ts';
import type { AdapterContext, PlayerSession } from './context.ts';
import { EntityManager, type EntityViewer } from './entities.ts';
import { watchClicks } from './interact.ts';
import { Skins } from './skins.ts';
import type { Worlds } from './worlds.ts';

/** How far above a player's feet their eyes are (standing). */
const EYE_HEIGHT = 1.62;

/** The entities and skins of the port; the entity methods are the manager's own. */
export class Entities extends EntityManager implements EntityPort {
  private readonly skins: Skins;

  constructor(ctx: AdapterContext, worlds: Worlds) {
    const viewerOf = (session: PlayerSession): EntityViewer => ({
      uuid: session.online.uuid,
      world: () => worlds.locationOf(session).world,
      send: session.send,
    });
    super({
      worlds: () => worlds.worlds(),
      viewers: () => [...ctx.joined.values()].map(viewerOf),
      // flying-squid numbers its own entities with this counter: sharing it keeps ids apart.
      nextEntityId: () => ++ctx.serv.entityMaxId,
    });
    this.skins = new Skins({
      joined: (uuid) => ctx.get(uuid),
      everyone: () => ctx.joined.values(),
      respawnInPlace: (s) => worlds.respawnInPlace(s as PlayerSession),
      warn: (m) => ctx.log.warn(m),
    });
    ctx.onAttach((session) => {
      watchClicks(session.fs, session.online, {
        clickedEntity: (id, p) => {
          const at = worlds.locationOf(session);
          return this.clicked(id, session.online.uuid, { world: at.world, x: p.position.x, y: p.position.y + EYE_HEIGHT, z: p.position.z });
        },
        playerOf: (id) => {
          const e = ctx.serv.entities[id];
          return e?.type === 'player' ? ctx.get(e.uuid)?.online : undefined;
        },
        emit: (e) => ctx.emit('interact', e),
      });
    });
    ctx.onJoin((session) => this.viewerEntered(viewerOf(session)));
    worlds.onEntered((session) => this.viewerEntered(viewerOf(session)));
    ctx.onLeave((session) => this.viewerLeft(session.online.uuid));
  }

  setSkin(uuid: string, skin: Skin | undefined): EntityOutcome {
    return this.skins.setSkin(uuid, skin);
  }
  skin(uuid: string): Skin | undefined {
    return this.skins.skin(uuid);
  }
}
