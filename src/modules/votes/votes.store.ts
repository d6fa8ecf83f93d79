// All SQL of the votes: one row per vote received (a route call for several votes is one row with
// its count), the rewards waiting for players who were offline, and the vote party's progress.
// Totals by period are sums over the rows since the period began.

import { sql } from 'kysely';
import type { Db, Migration } from '../../core/db.ts';
import { prepareQuery } from '../../core/prepared-query.ts';

export const VOTES_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-votes',
    async up(db, kind) {
      const id = kind === 'postgres' ? 'serial' : 'integer';
      await db.schema
        .createTable('votes')
        .addColumn('id', id, (c) => (kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull())
        .addColumn('service', 'varchar(128)', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('votes_uuid_at').on('votes').columns(['uuid', 'at']).execute();
      await db.schema.createIndex('votes_at').on('votes').column('at').execute();
      await db.schema
        .createTable('vote_rewards')
        .addColumn('id', id, (c) => (kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('amount', 'varchar(40)', (c) => c.notNull())
        .addColumn('currency', 'varchar(32)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('vote_rewards_uuid').on('vote_rewards').column('uuid').execute();
      await db.schema
        .createTable('vote_party')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('progress', 'integer', (c) => c.notNull())
        .addColumn('parties', 'integer', (c) => c.notNull())
        .execute();
    },
  },
];

export interface PendingReward {
  id: number;
  uuid: string;
  kind: 'vote' | 'party';
  amount: number;
  currency: string | null;
}

export function createVotesStore(db: Db) {
  const sumSince = prepareQuery(db, (q, p: { uuid: string; since: string }) =>
    q.selectFrom('votes').select(sql<number>`coalesce(sum(count), 0)`.as('n')).where('uuid', '=', p.uuid).where('at', '>=', p.since),
  );
  const last = prepareQuery(db, (q, p: { uuid: string }) => q.selectFrom('votes').select('at').where('uuid', '=', p.uuid).orderBy('at', 'desc').limit(1));
  const top = prepareQuery(db, (q, p: { since: string; limit: number }) =>
    q
      .selectFrom('votes')
      .select(['uuid', sql<number>`sum(count)`.as('n')])
      .where('at', '>=', p.since)
      .groupBy('uuid')
      .orderBy(sql`sum(count)`, 'desc')
      .orderBy('uuid')
      .limit(p.limit),
  );
  const waiting = prepareQuery(db, (q, p: { uuid: string }) => q.selectFrom('vote_rewards').selectAll().where('uuid', '=', p.uuid).orderBy('id'));
  const party = prepareQuery(db, (q, _p: { one: number }) => q.selectFrom('vote_party').selectAll().where('id', '=', 1));

  return {
    async add(uuid: string, service: string, count: number, at: string): Promise<void> {
      await db.insertInto('votes').values({ uuid, service, count, at }).execute();
    },
    async total(uuid: string, since: string): Promise<number> {
      const r = await sumSince.first(db, { uuid, since });
      return Number(r?.n ?? 0);
    },
    async lastVote(uuid: string): Promise<string | null> {
      const r = await last.first(db, { uuid });
      return r ? String(r.at) : null;
    },
    async top(since: string, limit: number): Promise<Array<{ uuid: string; votes: number }>> {
      return (await top.all(db, { since, limit })).map((r) => ({ uuid: String(r.uuid), votes: Number(r.n) }));
    },
    async addReward(uuid: string, kind: 'vote' | 'party', amount: number, currency: string | null, at: string): Promise<void> {
      await db.insertInto('vote_rewards').values({ uuid, kind, amount: String(amount), currency, created_at: at }).execute();
    },
    async rewardsWaiting(uuid: string): Promise<PendingReward[]> {
      return (await waiting.all(db, { uuid })).map((r) => ({
        id: Number(r.id),
        uuid: String(r.uuid),
        kind: r.kind === 'party' ? 'party' : 'vote',
        amount: Number(r.amount),
        currency: r.currency === null ? null : String(r.currency),
      }));
    },
    /** Removes a waiting reward; false when another join took it first. */
    async takeReward(id: number): Promise<boolean> {
      const r = await db.deleteFrom('vote_rewards').where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    async party(): Promise<{ progress: number; parties: number }> {
      const r = await party.first(db, { one: 1 });
      return r ? { progress: Number(r.progress), parties: Number(r.parties) } : { progress: 0, parties: 0 };
    },
    async setParty(progress: number, parties: number): Promise<void> {
      await db
        .insertInto('vote_party')
        .values({ id: 1, progress, parties })
        .onConflict((oc) => oc.column('id').doUpdateSet({ progress, parties }))
        .execute();
    },
  };
}

export type VotesStore = ReturnType<typeof createVotesStore>;
