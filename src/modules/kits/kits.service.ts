// The kits' published API: the kits of kits.conf, each player's standing with each (cooldown,
// permission, funds), an admin's give (which ignores cooldown, cost and permission) and a
// player's claim (which checks them all, in that order, and charges the cost). Answers are already
// in the rendering of the Remote Access Service; item stacks are never part of one.
//
// A claim or a give needs the player online, and puts every item in their inventory or none.
// The cost is taken only once the items are sure to fit, and given back if the inventory filled
// up in the moment between (the economy's own debit and credit then both show, with the refund).
// Claims of one player run one at a time, so a double click never claims twice; a player is online
// on one server, so this holds with several servers on one database too.

import type { Actor } from '../../core/kernel/actor.ts';
import type { AuditService, CoreApi, KnownPlayer, PermissionsService, PlayersService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { Db } from '../../core/storage/db.ts';
import type { EventBus } from '../../core/kernel/events.ts';
import { createKeyedQueue } from '../../core/storage/keyed-queue.ts';
import { knownPlayer, playerFields } from '../../core/players/known-player.ts';
import type { Logger } from '../../core/log/log.ts';
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import type { GamePlatform } from '../../platform/platform.ts';
import { duration } from '../../core/messages/catalogue.ts';
import { durationText } from '../../core/text/duration.ts';
import type { Messages } from '../../core/messages/messages.ts';
import type { KitConfig } from './kits.config.ts';
import { msg } from './kits.messages.ts';
import type { Kit, KitClaimed, KitGiven, KitList, PlayerKit, PlayerKits } from './kits.schemas.ts';
import { createKitsStore } from './kits.store.ts';

export interface KitsService {
  /** Every kit, in the order of kits.conf. */
  list(): Result<KitList>;
  /** One kit; not-found when kits.conf has no such kit. */
  get(id: string): Result<Kit>;
  /** Every kit with the player's cooldown and whether (and why not) they may claim it now. */
  forPlayer(uuid: string): Promise<Result<PlayerKits>>;
  /** Gives a kit's items to an online player, ignoring cooldown, cost and permission. */
  give(uuid: string, id: string, actor: Actor): Promise<Result<KitGiven>>;
  /** Claims a kit as the player: online, permission, cooldown, funds; charges the cost (kit.claim). */
  claim(uuid: string, id: string, actor: Actor): Promise<Result<KitClaimed>>;
}

export interface KitsDeps {
  db: Db;
  events: EventBus;
  clock: Clock;
  players: PlayersService;
  permissions: Pick<PermissionsService, 'playerHas'>;
  audit: Pick<AuditService, 'record'>;
  platform: GamePlatform;
  /** What the player is told, in their language. */
  messages: Pick<Messages, 'tell'>;
  log: Logger;
  /** Read at each use: `core reload` may change the kits. */
  kits: () => readonly KitConfig[];
  /** Read at call time: the economy module is built before this one, but reached only when used. */
  economy: () => CoreApi['economy'];
}

export function createKitsService(deps: KitsDeps): KitsService {
  const { db, events, clock, players, permissions, audit, platform, messages, log, economy } = deps;
  const store = createKitsStore(db);
  let indexed: readonly KitConfig[] | undefined;
  let byIdCache = new Map<string, KitConfig>();
  function byId(): ReadonlyMap<string, KitConfig> {
    const kits = deps.kits();
    if (kits !== indexed) {
      indexed = kits;
      byIdCache = new Map(kits.map((k) => [k.id, k]));
    }
    return byIdCache;
  }
  const claims = createKeyedQueue();

  function render(k: KitConfig): Kit {
    return {
      id: k.id,
      name: k.name,
      'item-count': k.items.reduce((n, i) => n + i.count, 0),
      'cooldown-seconds': k.cooldownSeconds,
      cost: k.cost,
      permission: k.permission,
    };
  }

  function kitOf(id: string): Result<KitConfig> {
    const k = byId().get(id.toLowerCase());
    if (k) return ok(k);
    const known = [...byId().keys()];
    return fail('not-found', `There is no kit "${id}"; the kits are ${known.length ? known.join(', ') : 'none'}.`, {
      you: known.length ? msg('kits.unknown', { kit: id, kits: known.join(', ') }) : msg('kits.none', { kit: id }),
    });
  }

  /** Seconds until the kit may be claimed again after a claim at `last` (0: ready). */
  function remaining(k: KitConfig, last: string | undefined, now: Date): number {
    if (!last || k.cooldownSeconds === 0) return 0;
    const ready = Date.parse(last) + k.cooldownSeconds * 1000;
    return Math.max(0, Math.ceil((ready - now.getTime()) / 1000));
  }

  const offline = (p: KnownPlayer) =>
    fail('player-offline', `${p.name} is not online: a kit goes into the inventory of a player in the game.`, { about: p.uuid, other: msg('kits.offline', { player: p.name }) });
  const noRoom = (p: KnownPlayer, k: KitConfig) => {
    const count = render(k)['item-count'];
    return fail('failed', `${p.name}'s inventory has no room for the kit ${k.name} (${count} items); nothing was given.`, {
      about: p.uuid,
      you: msg('kits.no-room', { kit: k.name, count }),
      other: msg('kits.no-room-other', { player: p.name, kit: k.name, count }),
    });
  };

  /** Both the kit and the player, or the first not-found. */
  async function kitAndPlayer(uuid: string, id: string): Promise<Result<{ k: KitConfig; p: KnownPlayer }>> {
    const who = await knownPlayer(players, uuid);
    if (!who.ok) return who;
    const k = kitOf(id);
    return k.ok ? ok({ k: k.value, p: who.value }) : k;
  }

  return {
    list: () => ok({ kits: deps.kits().map(render) }),

    get(id) {
      const k = kitOf(id);
      return k.ok ? ok(render(k.value)) : k;
    },

    async forPlayer(uuid) {
      const who = await knownPlayer(players, uuid);
      if (!who.ok) return who;
      const p = who.value;
      const last = await store.lastClaims(p.uuid);
      const now = clock.now();
      const online = platform.player(p.uuid) !== undefined;
      const kits: PlayerKit[] = [];
      for (const k of deps.kits()) {
        const left = remaining(k, last.get(k.id), now);
        let whyNot: PlayerKit['why-not'] = null;
        if (!online) whyNot = 'player-offline';
        else if (k.permission && !permissions.playerHas(p.uuid, k.permission)) whyNot = 'no-permission';
        else if (left > 0) whyNot = 'cooldown';
        else if (k.cost) {
          const afford = await economy().afford(p.uuid, k.cost.amount, k.cost.currency);
          if (!afford.ok || !afford.value.affordable) whyNot = 'insufficient-funds';
        }
        kits.push({ kit: render(k), 'last-claimed-at': last.get(k.id) ?? null, 'cooldown-remaining-seconds': left, 'can-claim': whyNot === null, 'why-not': whyNot });
      }
      return ok({ kits });
    },

    async give(uuid, id, actor) {
      const found = await kitAndPlayer(uuid, id);
      if (!found.ok) return found;
      const { k, p } = found.value;
      const given = platform.giveItems(p.uuid, k.items);
      if (!given.given) return given.reason === 'offline' ? offline(p) : noRoom(p, k);
      await audit.record({ actor, action: 'kit.give', target: p.uuid, details: { kit: k.id } });
      messages.tell(p.uuid, msg('kits.received', { kit: k.name }));
      return ok({ kit: render(k), ...playerFields(p) });
    },

    async claim(uuid, id, actor) {
      const found = await kitAndPlayer(uuid, id);
      if (!found.ok) return found;
      const { k, p } = found.value;
      return claims.run(p.uuid, async (): Promise<Result<KitClaimed>> => {
        if (!platform.player(p.uuid)) return offline(p);
        if (k.permission && !permissions.playerHas(p.uuid, k.permission)) {
          return fail('refused', `${p.name} may not claim the kit ${k.name}: it needs the permission ${k.permission}.`, {
            about: p.uuid,
            you: msg('kits.no-permission', { kit: k.name, permission: k.permission }),
          });
        }
        const now = clock.now();
        const left = remaining(k, await store.lastClaim(p.uuid, k.id), now);
        if (left > 0) {
          return fail('refused', `${p.name} can claim the kit ${k.name} again in ${durationText(left)}.`, { about: p.uuid, you: msg('kits.cooldown', { kit: k.name, wait: duration(left) }) });
        }
        const cost = k.cost;
        if (cost) {
          const afford = await economy().afford(p.uuid, cost.amount, cost.currency);
          if (!afford.ok) return afford;
          if (!afford.value.affordable) {
            const [price, balance] = [economy().format(cost), economy().format(afford.value.balance)];
            return fail('insufficient-funds', `The kit ${k.name} costs ${price}; ${p.name} holds ${balance}.`, {
              about: p.uuid,
              you: msg('kits.cannot-afford', { kit: k.name, cost: price, balance }),
            });
          }
        }
        if (!platform.canHold(p.uuid, k.items)) return platform.player(p.uuid) ? noRoom(p, k) : offline(p);
        if (cost) {
          const paid = await economy().withdraw(p.uuid, cost.amount, cost.currency, actor);
          if (!paid.ok) return paid;
        }
        const given = platform.giveItems(p.uuid, k.items);
        if (!given.given) {
          // The inventory changed while the cost was taken: give the money back.
          if (cost) {
            const back = await economy().deposit(p.uuid, cost.amount, cost.currency, actor);
            if (!back.ok) log.error(`could not refund the kit ${k.id} to ${p.name}: ${back.message}`);
          }
          return given.reason === 'offline' ? offline(p) : noRoom(p, k);
        }
        const at = now.toISOString();
        await store.recordClaim(p.uuid, k.id, at);
        await audit.record({ actor, action: 'kit.claim', target: p.uuid, details: { kit: k.id, cost } });
        events.emit('kit.claim', { ...playerFields(p), kit: k.id, cost });
        messages.tell(p.uuid, cost ? msg('kits.claimed-paid', { kit: k.name, cost: economy().format(cost) }) : msg('kits.claimed', { kit: k.name }));
        const next = k.cooldownSeconds > 0 ? new Date(now.getTime() + k.cooldownSeconds * 1000).toISOString() : null;
        return ok({ kit: render(k), ...playerFields(p), paid: cost, 'claimed-at': at, 'next-claim-at': next });
      });
    },
  };
}
