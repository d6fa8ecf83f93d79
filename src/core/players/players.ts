// Known players: everyone who has ever joined, with the name they last used and when they were
// first and last seen. Online state comes from the platform, never from the table.
//
// Platform events are synchronous while writes are not, so the writes are queued in arrival order
// (a join is always written before the quit that follows it) and every read waits for the queue:
// a lookup made right after a join finds the player.
//
// When each online player joined is kept in memory only: it is this session's, and a restart ends
// every session.

import type { KnownPlayer, PlayersService } from '../kernel/api.ts';
import type { Clock } from '../kernel/clock.ts';
import type { Db, Migration } from '../storage/db.ts';
import { col, defineTables } from '../storage/tables.ts';
import { prepareQuery } from '../storage/prepared-query.ts';
import { rowMemory } from '../storage/row-memory.ts';
import type { Logger } from '../log/log.ts';
import type { GamePlatform, PlatformEvents } from '../../platform/platform.ts';
import { InvalidInput } from '../values/invalid-input.ts';
import type { KnownPlayerAnswer, OnlinePlayerAnswer } from './players.schemas.ts';
import { PLAYER_NAME_PATTERN } from './players.schemas.ts';
import { fail, ok } from '../kernel/result.ts';
import { normalizeUuid } from './uuid.ts';
import type { NetworkPresence } from '../network/network-presence.ts';

const PLAYER_NAME = new RegExp(PLAYER_NAME_PATTERN);

export const PLAYERS_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-players',
    async up(db) {
      await db.schema
        .createTable('core_players')
        .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(32)', (c) => c.notNull())
        .addColumn('name_lower', 'varchar(32)', (c) => c.notNull())
        .addColumn('first_seen', 'varchar(32)', (c) => c.notNull())
        .addColumn('last_seen', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('core_players_name_lower').on('core_players').columns(['name_lower', 'last_seen']).execute();
    },
  },
];

/** Every player who has ever joined: modules join it for names (economy's top, the owners of warps). */
export const PLAYERS_TABLES = defineTables(PLAYERS_MIGRATIONS, {
  core_players: { uuid: col.text(), name: col.text(), name_lower: col.text(), first_seen: col.text(), last_seen: col.text() },
});

/** Character-code order of the small-letter names: stable whatever the server's locale. */
function byNameIgnoringCase(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

export interface Players extends PlayersService {
  /** Resolves when every write queued so far is committed. */
  idle(): Promise<void>;
  /** Records everyone still online as seen now, stops listening to the platform, and drains. */
  stop(): Promise<void>;
}

interface Row {
  uuid: string;
  name: string;
  first_seen: string;
  last_seen: string;
}

export function createPlayers(options: { db: Db; platform: GamePlatform; clock: Clock; log: Logger; presence?: NetworkPresence }): Players {
  const { platform, clock, log, presence } = options;
  const db = PLAYERS_TABLES.on(options.db);
  let queue: Promise<void> = Promise.resolve();
  let writing = 0;
  // Players already in the world when Core started are counted from now.
  const joinedAt = new Map<string, string>(platform.onlinePlayers().map((p) => [p.uuid, clock.now().toISOString()]));
  // Every API call that names a player reads here: on SQLite the rows stay in memory between
  // this process's own writes (src/core/storage/row-memory.ts).
  const memory = rowMemory<Row>(db);

  function enqueue(what: string, write: () => Promise<void>): void {
    writing++;
    queue = queue
      .then(write)
      .catch((e: unknown) => log.error(`could not record ${what}`, e))
      .finally(() => {
        writing--;
      });
  }

  /** The players online whose join this session made their first record: their first join. */
  const firstSessions = new Set<string>();

  async function seen(uuid: string, name: string, joining = false): Promise<void> {
    memory.forget(uuid);
    const now = clock.now().toISOString();
    const existing = await db.selectFrom('core_players').select('uuid').where('uuid', '=', uuid).executeTakeFirst();
    if (existing) {
      await db
        .updateTable('core_players')
        .set({ name, name_lower: name.toLowerCase(), last_seen: now })
        .where('uuid', '=', uuid)
        .execute();
    } else {
      await db
        .insertInto('core_players')
        .values({ uuid, name, name_lower: name.toLowerCase(), first_seen: now, last_seen: now })
        .execute();
      if (joining && platform.player(uuid)) firstSessions.add(uuid);
    }
  }

  const onJoin = ({ player }: PlatformEvents['join']): void => {
    joinedAt.set(player.uuid, clock.now().toISOString());
    enqueue(`the join of ${player.name}`, () => seen(player.uuid, player.name, true));
    if (presence) enqueue(`the server ${player.name} is on`, () => presence.here(player.uuid, clock.now().toISOString()));
  };
  const onQuit = ({ player }: PlatformEvents['quit']): void => {
    joinedAt.delete(player.uuid);
    firstSessions.delete(player.uuid);
    enqueue(`the quit of ${player.name}`, () => seen(player.uuid, player.name));
    if (presence) enqueue(`the server ${player.name} left`, () => presence.gone(player.uuid));
  };
  platform.on('join', onJoin);
  platform.on('quit', onQuit);

  // Every API call naming a player reads here: built once (src/core/storage/prepared-query.ts).
  const readByUuid = prepareQuery(db, (q, p: { uuid: string }) =>
    q.selectFrom('core_players').select(['uuid', 'name', 'first_seen', 'last_seen']).where('uuid', '=', p.uuid),
  );
  const readByName = prepareQuery(db, (q, p: { nameLower: string }) =>
    q
      .selectFrom('core_players')
      .select(['uuid', 'name', 'first_seen', 'last_seen'])
      .where('name_lower', '=', p.nameLower)
      .orderBy('last_seen', 'desc')
      .limit(1),
  );

  const toKnown = (r: Row): KnownPlayer => ({
    uuid: r.uuid,
    name: r.name,
    firstSeen: r.first_seen,
    lastSeen: r.last_seen,
    online: platform.player(r.uuid) !== undefined,
  });

  const service: Players = {
    async get(uuid) {
      const id = normalizeUuid(uuid);
      if (!id) return undefined;
      // A lookup made right after a join waits for the join to be written.
      if (writing > 0) await queue;
      const held = memory.get(id);
      if (held !== undefined) return toKnown(held);
      const mark = memory.mark();
      const row: Row | undefined = await readByUuid.first(db, { uuid: id });
      if (row === undefined) return undefined;
      memory.remember(id, mark, row);
      return toKnown(row);
    },
    async byName(name) {
      await queue;
      const row = await readByName.first(db, { nameLower: name.toLowerCase() });
      return row ? toKnown(row) : undefined;
    },
    async find(nameOrUuid) {
      const online = platform.playerByName(nameOrUuid);
      if (online) return service.get(online.uuid);
      return normalizeUuid(nameOrUuid) ? service.get(nameOrUuid) : service.byName(nameOrUuid);
    },
    listOnline() {
      const players: OnlinePlayerAnswer[] = [];
      for (const p of platform.onlinePlayers()) {
        const world = platform.location(p.uuid)?.world;
        // Gone between the two reads: no longer online.
        if (world === undefined) continue;
        const since = joinedAt.get(p.uuid) ?? clock.now().toISOString();
        players.push({ uuid: p.uuid, name: p.name, world, ping: Math.max(0, Math.round(platform.ping(p.uuid) ?? 0)), since });
      }
      players.sort((a, b) => byNameIgnoringCase(a.name, b.name));
      return ok({ players, count: players.length });
    },
    async lookupName(name) {
      if (!PLAYER_NAME.test(name)) throw new InvalidInput('name', `"${name}" is not a player name (1 to 16 of a-z, A-Z, 0-9 and _).`);
      const p = await service.byName(name);
      if (!p) return fail('not-found', `No player named ${name} has ever joined this server.`);
      // Online on any server of the network: the shared presence table says which.
      const server = (await presence?.serverOf(p.uuid)) ?? null;
      const known: KnownPlayerAnswer = {
        uuid: p.uuid,
        name: p.name,
        online: p.online || server !== null,
        server,
        'first-seen': p.firstSeen,
        'last-seen': p.lastSeen,
      };
      return ok(known);
    },
    async firstJoin(uuid) {
      const id = normalizeUuid(uuid);
      if (!id) return false;
      if (writing > 0) await queue;
      return firstSessions.has(id);
    },
    isOnline(uuid) {
      const id = normalizeUuid(uuid);
      return id !== undefined && platform.player(id) !== undefined;
    },
    async serverOf(uuid) {
      const id = normalizeUuid(uuid);
      if (id === undefined) return null;
      return presence ? presence.serverOf(id) : platform.player(id) ? 'server' : null;
    },
    idle: () => queue,
    async stop() {
      platform.off('join', onJoin);
      platform.off('quit', onQuit);
      for (const p of platform.onlinePlayers()) enqueue(`${p.name} as seen at shutdown`, () => seen(p.uuid, p.name));
      if (presence) enqueue('the players of this server leaving the network presence', () => presence.clear());
      await queue;
    },
  };
  return service;
}
