// The skins of online players. A client takes a player's skin from the player's profile in its tab
// list when it spawns the player's entity, so a new skin is the profile sent again (removed and
// added) and the entity spawned again, for everyone else; the player's own client keeps its own
// player object until a respawn, which the adapter does in place.
//
// Packets about another player go through the player's client write (the packet shim), as
// flying-squid's own do, so that whatever the adapter does to those (e.g. hiding a player from
// some viewers) applies to them as well.

import type { EntityOutcome, Skin } from '../entities.ts';
import { skinProblem } from '../entity-registry.ts';
import type { OnlinePlayer } from '../platform.ts';
import type { FsPlayer } from './fs-types.ts';
import { skinProperties } from './packets-entities.ts';
import { playerRemove, tabListAdd } from './packets.ts';

interface ProfileProperty {
  name: string;
  value: string;
  signature?: string;
}

export interface SkinSession {
  fs: FsPlayer;
  online: OnlinePlayer;
}

export interface SkinHost {
  /** A player in the game, by uuid. */
  joined(uuid: string): SkinSession | undefined;
  /** Every player in the game. */
  everyone(): Iterable<SkinSession>;
  /** Puts the player afresh where they stand (a respawn packet), keeping everything they hold. */
  respawnInPlace(session: SkinSession): Promise<void>;
  warn(message: string): void;
}

function isProperty(p: unknown): p is ProfileProperty {
  return typeof p === 'object' && p !== null && typeof (p as ProfileProperty).name === 'string' && typeof (p as ProfileProperty).value === 'string';
}

export class Skins {
  /** The properties each player logged in with, kept once their skin changes. */
  private readonly original = new WeakMap<FsPlayer, ProfileProperty[]>();
  private readonly host: SkinHost;

  constructor(host: SkinHost) {
    this.host = host;
  }

  skin(uuid: string): Skin | undefined {
    const session = this.host.joined(uuid);
    const textures = this.properties(session?.fs).find((p) => p.name === 'textures');
    if (!textures) return undefined;
    return textures.signature === undefined ? { value: textures.value } : { value: textures.value, signature: textures.signature };
  }

  setSkin(uuid: string, skin: Skin | undefined): EntityOutcome {
    const session = this.host.joined(uuid);
    if (!session) return { ok: false, message: `No player with the uuid ${uuid} is online.` };
    if (skin !== undefined) {
      const problem = skinProblem(skin);
      if (problem) return { ok: false, message: problem };
    }
    const player = session.fs;
    if (!this.original.has(player)) this.original.set(player, this.properties(player));
    const original = this.original.get(player)!;
    player.profileProperties = skin === undefined ? original : [...original.filter((p) => p.name !== 'textures'), ...skinProperties(skin)];
    this.showToOthers(session);
    this.showToSelf(session);
    return { ok: true };
  }

  private properties(player: FsPlayer | undefined): ProfileProperty[] {
    return (player?.profileProperties ?? []).filter(isProperty);
  }

  private entry(player: FsPlayer) {
    return tabListAdd([
      { uuid: player.uuid, name: player.username, properties: this.properties(player), gameMode: player.gameMode ?? 0, latency: player._client.latency },
    ]);
  }

  private showToOthers(session: SkinSession): void {
    const player = session.fs;
    const remove = playerRemove([player.uuid]);
    const add = this.entry(player);
    for (const other of this.host.everyone()) {
      if (other.fs === player) continue;
      const client = other.fs._client;
      client.write(remove.name, remove.params);
      client.write(add.name, add.params);
      if (other.fs.nearbyEntities.includes(player)) {
        client.write('entity_destroy', { entityIds: [player.id] });
        other.fs.spawnEntity(player);
      }
    }
  }

  private showToSelf(session: SkinSession): void {
    const client = session.fs._client;
    const remove = playerRemove([session.fs.uuid]);
    const add = this.entry(session.fs);
    client.write(remove.name, remove.params);
    client.write(add.name, add.params);
    this.host.respawnInPlace(session).catch((e: unknown) => this.host.warn(`could not respawn ${session.online.name} to show their skin: ${String(e)}`));
  }
}
