// All SQL of messaging: who ignores whom, and the mailboxes. Private messages are not stored.

import type { Db, Migration } from '../../core/storage/db.ts';
import { prepareQuery } from '../../core/storage/prepared-query.ts';
import { col, defineTables, type RowOf } from '../../core/storage/tables.ts';

export const MESSAGING_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-messaging',
    async up(db, kind) {
      await db.schema
        .createTable('messaging_ignores')
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull())
        .addColumn('ignored', 'varchar(36)', (c) => c.notNull())
        .addColumn('since', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('messaging_ignores_pk', ['uuid', 'ignored'])
        .execute();
      await db.schema
        .createTable('messaging_mail')
        .addColumn('id', kind === 'postgres' ? 'serial' : 'integer', (c) => (kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('recipient', 'varchar(36)', (c) => c.notNull())
        .addColumn('sender', 'varchar(36)')
        .addColumn('sender_name', 'varchar(16)')
        .addColumn('body', 'varchar(256)', (c) => c.notNull())
        .addColumn('sent_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('read', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('messaging_mail_recipient').on('messaging_mail').columns(['recipient', 'id']).execute();
    },
  },
];

export const MESSAGING_TABLES = defineTables(MESSAGING_MIGRATIONS, {
  messaging_ignores: { uuid: col.text(), ignored: col.text(), since: col.text() },
  /** `sender` null for the console; `read` 1 or 0. */
  messaging_mail: {
    id: col.int().generated(),
    recipient: col.text(),
    sender: col.text().nullable(),
    sender_name: col.text().nullable(),
    body: col.text(),
    sent_at: col.text(),
    read: col.int(),
  },
});

export interface IgnoreRow {
  ignored: string;
  since: string;
}

export interface MailRow {
  id: number;
  sender: string | null;
  senderName: string | null;
  body: string;
  sentAt: string;
  read: boolean;
}

const mailOf = (r: RowOf<typeof MESSAGING_TABLES, 'messaging_mail'>): MailRow => ({
  id: Number(r.id),
  sender: r.sender === null ? null : String(r.sender),
  senderName: r.sender_name === null ? null : String(r.sender_name),
  body: String(r.body),
  sentAt: String(r.sent_at),
  read: Number(r.read) === 1,
});

export function createMessagingStore(root: Db) {
  const db = MESSAGING_TABLES.on(root);
  const readIgnores = prepareQuery(db, (q, p: { uuid: string }) =>
    q.selectFrom('messaging_ignores').selectAll().where('uuid', '=', p.uuid).orderBy('since').orderBy('ignored'),
  );
  const readIgnore = prepareQuery(db, (q, p: { uuid: string; ignored: string }) =>
    q.selectFrom('messaging_ignores').selectAll().where('uuid', '=', p.uuid).where('ignored', '=', p.ignored),
  );
  const readMail = prepareQuery(db, (q, p: { uuid: string }) => q.selectFrom('messaging_mail').selectAll().where('recipient', '=', p.uuid).orderBy('id'));

  async function ignores(uuid: string): Promise<IgnoreRow[]> {
    return (await readIgnores.all(db, { uuid })).map((r) => ({ ignored: String(r.ignored), since: String(r.since) }));
  }

  async function isIgnoring(uuid: string, ignored: string): Promise<boolean> {
    return (await readIgnore.first(db, { uuid, ignored })) !== undefined;
  }

  async function addIgnore(uuid: string, ignored: string, since: string): Promise<void> {
    await db.insertInto('messaging_ignores').values({ uuid, ignored, since }).execute();
  }

  async function removeIgnore(uuid: string, ignored: string): Promise<boolean> {
    const r = await db.deleteFrom('messaging_ignores').where('uuid', '=', uuid).where('ignored', '=', ignored).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async function mailbox(uuid: string): Promise<MailRow[]> {
    return (await readMail.all(db, { uuid })).map(mailOf);
  }

  async function addMail(recipient: string, m: Omit<MailRow, 'id' | 'read'>): Promise<MailRow> {
    const r = await db
      .insertInto('messaging_mail')
      .values({ recipient, sender: m.sender, sender_name: m.senderName, body: m.body, sent_at: m.sentAt, read: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ...m, id: Number(r.id), read: false };
  }

  async function markRead(recipient: string): Promise<void> {
    await db.updateTable('messaging_mail').set({ read: 1 }).where('recipient', '=', recipient).execute();
  }

  async function clear(recipient: string): Promise<number> {
    const r = await db.deleteFrom('messaging_mail').where('recipient', '=', recipient).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  return { ignores, isIgnoring, addIgnore, removeIgnore, mailbox, addMail, markRead, clear };
}

export type MessagingStore = ReturnType<typeof createMessagingStore>;
