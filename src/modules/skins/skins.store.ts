// All SQL of the skins: the skins fetched from the account service, by account name (kept, so a
// skin once fetched works without the service), and the skin each player chose.

import type { Db, Migration } from '../../core/storage/db.ts';
import { prepareQuery } from '../../core/storage/prepared-query.ts';
import { col, defineTables, type RowOf } from '../../core/storage/tables.ts';

export const SKINS_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-skins',
    async up(db) {
      await db.schema
        .createTable('skin_textures')
        .addColumn('account_lower', 'varchar(16)', (c) => c.primaryKey())
        .addColumn('account', 'varchar(16)', (c) => c.notNull())
        .addColumn('account_id', 'varchar(36)', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('signature', 'text')
        .addColumn('fetched_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('skin_choices')
        .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('account_lower', 'varchar(16)', (c) => c.notNull())
        .addColumn('chosen_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
  },
];

export const SKINS_TABLES = defineTables(SKINS_MIGRATIONS, {
  skin_textures: { account_lower: col.text(), account: col.text(), account_id: col.text(), value: col.text(), signature: col.text().nullable(), fetched_at: col.text() },
  skin_choices: { uuid: col.text(), account_lower: col.text(), chosen_at: col.text() },
});

export interface TextureRow {
  account: string;
  accountId: string;
  value: string;
  signature: string | null;
  fetchedAt: string;
}

export interface ChoiceRow extends TextureRow {
  chosenAt: string;
}

const textureOf = (r: RowOf<typeof SKINS_TABLES, 'skin_textures'>): TextureRow => ({
  account: String(r.account),
  accountId: String(r.account_id),
  value: String(r.value),
  signature: r.signature === null || r.signature === undefined ? null : String(r.signature),
  fetchedAt: String(r.fetched_at),
});

export function createSkinsStore(root: Db) {
  const db = SKINS_TABLES.on(root);
  const readTexture = prepareQuery(db, (q, p: { account: string }) => q.selectFrom('skin_textures').selectAll().where('account_lower', '=', p.account));
  const readChoice = prepareQuery(db, (q, p: { uuid: string }) =>
    q
      .selectFrom('skin_choices')
      .innerJoin('skin_textures', 'skin_textures.account_lower', 'skin_choices.account_lower')
      .selectAll('skin_textures')
      .select('skin_choices.chosen_at')
      .where('skin_choices.uuid', '=', p.uuid),
  );
  const deleteChoice = prepareQuery(db, (q, p: { uuid: string }) => q.deleteFrom('skin_choices').where('uuid', '=', p.uuid));

  return {
    async texture(account: string): Promise<TextureRow | undefined> {
      const r = await readTexture.first(db, { account: account.toLowerCase() });
      return r && textureOf(r);
    },
    /** Keeps a fetched skin (replacing an older fetch of the same account). */
    async keepTexture(t: TextureRow): Promise<void> {
      const row = { account: t.account, account_id: t.accountId, value: t.value, signature: t.signature, fetched_at: t.fetchedAt };
      await db
        .insertInto('skin_textures')
        .values({ account_lower: t.account.toLowerCase(), ...row })
        .onConflict((oc) => oc.column('account_lower').doUpdateSet(row))
        .execute();
    },
    async choice(uuid: string): Promise<ChoiceRow | undefined> {
      const r = await readChoice.first(db, { uuid });
      return r && { ...textureOf(r), chosenAt: String(r.chosen_at) };
    },
    async choose(uuid: string, account: string, at: string): Promise<void> {
      const row = { account_lower: account.toLowerCase(), chosen_at: at };
      await db
        .insertInto('skin_choices')
        .values({ uuid, ...row })
        .onConflict((oc) => oc.column('uuid').doUpdateSet(row))
        .execute();
    },
    async clear(uuid: string): Promise<boolean> {
      return (await deleteChoice.run(db, { uuid })) > 0;
    },
  };
}
