// All SQL of the account links: one row per linked player (the account id is unique too, so one
// account belongs to one player), and one pending code per player.

import type { Db, Migration } from '../../core/storage/db.ts';
import { prepareQuery } from '../../core/storage/prepared-query.ts';
import { col, defineTables, type DbOf, type RowOf } from '../../core/storage/tables.ts';

export const EXTLINK_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-extlink',
    async up(db) {
      await db.schema
        .createTable('extlink_links')
        .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('account_id', 'varchar(20)', (c) => c.notNull().unique())
        .addColumn('linked_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('extlink_codes')
        .addColumn('code', 'varchar(16)', (c) => c.primaryKey())
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
  },
];

export const EXTLINK_TABLES = defineTables(EXTLINK_MIGRATIONS, {
  extlink_links: { uuid: col.text(), account_id: col.text(), linked_at: col.text() },
  extlink_codes: { code: col.text(), uuid: col.text(), expires_at: col.text() },
});
export type ExtlinkDb = DbOf<typeof EXTLINK_TABLES>;

export interface LinkRow {
  uuid: string;
  accountId: string;
  linkedAt: string;
}

export interface CodeRow {
  code: string;
  uuid: string;
  expiresAt: string;
}

const linkOf = (r: RowOf<typeof EXTLINK_TABLES, 'extlink_links'>): LinkRow => ({ uuid: String(r.uuid), accountId: String(r.account_id), linkedAt: String(r.linked_at) });
const codeOf = (r: RowOf<typeof EXTLINK_TABLES, 'extlink_codes'>): CodeRow => ({ code: String(r.code), uuid: String(r.uuid), expiresAt: String(r.expires_at) });

export function createExtlinkStore(root: Db) {
  const db = EXTLINK_TABLES.on(root);
  const byPlayer = prepareQuery(db, (q, p: { uuid: string }) => q.selectFrom('extlink_links').selectAll().where('uuid', '=', p.uuid));
  const byAccount = prepareQuery(db, (q, p: { accountId: string }) => q.selectFrom('extlink_links').selectAll().where('account_id', '=', p.accountId));
  const codeRead = prepareQuery(db, (q, p: { code: string }) => q.selectFrom('extlink_codes').selectAll().where('code', '=', p.code));

  return {
    db,
    async ofPlayer(tx: ExtlinkDb, uuid: string): Promise<LinkRow | undefined> {
      const r = await byPlayer.first(tx, { uuid });
      return r && linkOf(r);
    },
    async ofAccount(tx: ExtlinkDb, accountId: string): Promise<LinkRow | undefined> {
      const r = await byAccount.first(tx, { accountId });
      return r && linkOf(r);
    },
    async link(tx: ExtlinkDb, row: LinkRow): Promise<void> {
      await tx.insertInto('extlink_links').values({ uuid: row.uuid, account_id: row.accountId, linked_at: row.linkedAt }).execute();
    },
    async unlink(tx: ExtlinkDb, uuid: string): Promise<boolean> {
      const r = await tx.deleteFrom('extlink_links').where('uuid', '=', uuid).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    async code(tx: ExtlinkDb, code: string): Promise<CodeRow | undefined> {
      const r = await codeRead.first(tx, { code });
      return r && codeOf(r);
    },
    /** The player's new code replaces any earlier one; codes past their expiry are swept. */
    async putCode(tx: ExtlinkDb, row: CodeRow, now: string): Promise<void> {
      await tx.deleteFrom('extlink_codes').where((eb) => eb.or([eb('uuid', '=', row.uuid), eb('expires_at', '<=', now)])).execute();
      await tx.insertInto('extlink_codes').values({ code: row.code, uuid: row.uuid, expires_at: row.expiresAt }).execute();
    },
    async dropCode(tx: ExtlinkDb, code: string): Promise<void> {
      await tx.deleteFrom('extlink_codes').where('code', '=', code).execute();
    },
    async dropCodesOf(tx: ExtlinkDb, uuid: string): Promise<void> {
      await tx.deleteFrom('extlink_codes').where('uuid', '=', uuid).execute();
    },
  };
}

export type ExtlinkStore = ReturnType<typeof createExtlinkStore>;
