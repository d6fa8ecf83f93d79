// All SQL of the votes: one row per vote received (a route call for several votes is one row with
// its count), the rewards waiting for players who were offline, and the vote party's progress.
// Totals of one player by period are sums over their rows since the period began; the boards read
// vote_totals (one row per player and period begun, kept with each vote), so a board costs the
// same with a thousand votes or a million.

import { sql } from 'kysely';
import type { Db, Migration } from '../../core/storage/db.ts';
import { prepareQuery } from '../../core/storage/prepared-query.ts';
import { periodsOf } from './votes.periods.ts';
import type { Period } from './votes.schemas.ts';
import { col, defineTables } from '../../core/storage/tables.ts';

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
  {
    // The boards summed every vote of the period (all-time: the whole table) on each call.
    name: '002-vote-totals',
    async up(root) {
      // The tables as declared below: neither has changed since (a later change would declare, here, the tables as they were).
      const db = VOTES_TABLES.on(root);
      await db.schema
        .createTable('vote_totals')
        .addColumn('period', 'varchar(16)', (c) => c.notNull())
        .addColumn('since', 'varchar(32)', (c) => c.notNull())
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull())
        .addColumn('votes', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('vote_totals_pk', ['period', 'since', 'uuid'])
        .execute();
      await db.schema.createIndex('vote_totals_top').on('vote_totals').columns(['period', 'since', 'votes desc', 'uuid']).execute();
      // The votes counted before this migration, summed here.
      const sums = new Map<string, { period: Period; since: string; uuid: string; votes: number }>();
      for (const v of await db.selectFrom('votes').select(['uuid', 'count', 'at']).execute()) {
        for (const { period, since } of periodsOf(String(v.at))) {
          const key = `${period}|${since}|${String(v.uuid)}`;
          const row = sums.get(key) ?? { period, since, uuid: String(v.uuid), votes: 0 };
          row.votes += Number(v.count);
          sums.set(key, row);
        }
      }
      const rows = [...sums.values()];
      for (let i = 0; i < rows.length; i += 500) await db.insertInto('vote_totals').values(rows.slice(i, i + 500)).execute();
    },
  },
];

export const VOTES_TABLES = defineTables(VOTES_MIGRATIONS, {
  votes: { id: col.int().generated(), uuid: col.text(), service: col.text(), count: col.int(), at: col.text() },
  /** `amount`: the reward as a decimal number in text; `currency` null for a vote without money. */
  vote_rewards: { id: col.int().generated(), uuid: col.text(), kind: col.text<'vote' | 'party'>(), amount: col.text(), currency: col.text().nullable(), created_at: col.text() },
  /** One row, id 1. */
  vote_party: { id: col.int(), progress: col.int(), parties: col.int() },
  vote_totals: { period: col.text<Period>(), since: col.text(), uuid: col.text(), votes: col.int() },
});

export interface PendingReward {
  id: number;
  uuid: string;
  kind: 'vote' | 'party';
  amount: number;
  currency: string | null;
}

export function createVotesStore(root: Db) {
  const db = VOTES_TABLES.on(root);
  const sumSince = prepareQuery(db, (q, p: { uuid: string; since: string }) =>
    q.selectFrom('votes').select(sql<number>`coalesce(sum(count), 0)`.as('n')).where('uuid', '=', p.uuid).where('at', '>=', p.since),
  );
  const last = prepareQuery(db, (q, p: { uuid: string }) => q.selectFrom('votes').select('at').where('uuid', '=', p.uuid).orderBy('at', 'desc').limit(1));
  const top = prepareQuery(db, (q, p: { period: Period; since: string; limit: number }) =>
    q
      .selectFrom('vote_totals')
      .select(['uuid', 'votes as n'])
      .where('period', '=', p.period)
      .where('since', '=', p.since)
      .orderBy('votes', 'desc')
      .orderBy('uuid')
      .limit(p.limit),
  );
  const waiting = prepareQuery(db, (q, p: { uuid: string }) => q.selectFrom('vote_rewards').selectAll().where('uuid', '=', p.uuid).orderBy('id'));
  const party = prepareQuery(db, (q, _p: { one: number }) => q.selectFrom('vote_party').selectAll().where('id', '=', 1));

  return {
    /** The vote row and the player's total of each period, in one transaction. */
    async add(uuid: string, service: string, count: number, at: string): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx.insertInto('votes').values({ uuid, service, count, at }).execute();
        for (const { period, since } of periodsOf(at)) {
          await tx
            .insertInto('vote_totals')
            .values({ period, since, uuid, votes: count })
            .onConflict((oc) => oc.columns(['period', 'since', 'uuid']).doUpdateSet({ votes: sql`vote_totals.votes + excluded.votes` }))
            .execute();
        }
      });
    },
    async total(uuid: string, since: string): Promise<number> {
      const r = await sumSince.first(db, { uuid, since });
      return Number(r?.n ?? 0);
    },
    async lastVote(uuid: string): Promise<string | null> {
      const r = await last.first(db, { uuid });
      return r ? String(r.at) : null;
    },
    /** The board of the period begun at `since`, most votes first, then by uuid. */
    async top(period: Period, since: string, limit: number): Promise<Array<{ uuid: string; votes: number }>> {
      return (await top.all(db, { period, since, limit })).map((r) => ({ uuid: String(r.uuid), votes: Number(r.n) }));
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
