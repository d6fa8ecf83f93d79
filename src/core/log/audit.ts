// The audit log: who did what to whom. Every write, from a route, an in-game command or the
// console, is recorded with its actor as text (`console`, the player's name, `core-rest/<label>`).
// The target is the player acted on (their dashed uuid), so a player's history is one indexed read.
// A write of a token or a chat platform's user also gets a line in the server log (./audit-lines.ts).

import { actorName } from '../kernel/actor.ts';
import { auditLineText, noteAuditedWrite, typesNoCommand, type AuditedWrite } from './audit-lines.ts';
import type { AuditEntry, AuditService } from '../kernel/api.ts';
import type { Clock } from '../kernel/clock.ts';
import type { Db, Migration } from '../storage/db.ts';
import { col, defineTables } from '../storage/tables.ts';
import type { Logger } from './log.ts';
import { prepareQuery } from '../storage/prepared-query.ts';
import { normalizeUuid } from '../players/uuid.ts';

export const AUDIT_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-audit',
    async up(db, kind) {
      await db.schema
        .createTable('core_audit')
        .addColumn('id', kind === 'postgres' ? 'serial' : 'integer', (c) =>
          kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('at', 'varchar(32)', (c) => c.notNull())
        .addColumn('actor', 'varchar(64)', (c) => c.notNull())
        .addColumn('action', 'varchar(64)', (c) => c.notNull())
        .addColumn('target', 'varchar(64)')
        .addColumn('details', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('core_audit_target').on('core_audit').columns(['target', 'id']).execute();
    },
  },
];

export const AUDIT_TABLES = defineTables(AUDIT_MIGRATIONS, {
  core_audit: {
    id: col.int().generated(),
    at: col.text(),
    actor: col.text(),
    action: col.text(),
    target: col.text().nullable(),
    /** The details as JSON. */
    details: col.text(),
  },
});

/**
 * An action ending in this records a write that was asked and declined (nothing applied), e.g.
 * `core-rest.declined`. A history lists what was done to a player, so it leaves these out.
 */
export const DECLINED_SUFFIX = '.declined';

/** The most rows one history read answers. */
export const MAX_HISTORY = 100;

/** A uuid target is stored in its one form, so the history of a player finds every entry. */
function targetKey(target: string): string {
  return normalizeUuid(target) ?? target;
}

export interface AuditLogLines {
  /** Where a write no call holds is logged (./audit-lines.ts). */
  log: Logger;
  /** A known player's name, for the target of a line. */
  nameOf(uuid: string): Promise<string | undefined>;
}

/**
 * The audit log. With `lines`, every write of an actor who types no command line (a token of the
 * Remote Access Service, a chat platform's user) also gets its line in the server log (./audit-lines.ts).
 */
export function createAudit(options: { db: Db; clock: Clock; lines?: AuditLogLines }): AuditService {
  const { clock, lines } = options;
  const db = AUDIT_TABLES.on(options.db);
  const lineOf = (write: AuditedWrite) => async (): Promise<string> => {
    const name = write.target === null ? undefined : await lines?.nameOf(write.target).catch(() => undefined);
    return auditLineText(write, name);
  };
  // Every write records here: built once (src/core/storage/prepared-query.ts).
  const insert = prepareQuery(db, (q, p: { at: string; actor: string; action: string; target: string | null; details: string }) =>
    q.insertInto('core_audit').values({ at: p.at, actor: p.actor, action: p.action, target: p.target, details: p.details }),
  );
  return {
    async record({ actor, action, target, details }, within) {
      await insert.run(within === undefined ? db : AUDIT_TABLES.on(within), {
        at: clock.now().toISOString(),
        actor: actorName(actor),
        action,
        target: target === null ? null : targetKey(target),
        details: JSON.stringify(details ?? {}),
      });
      if (lines && typesNoCommand(actor) && !action.endsWith(DECLINED_SUFFIX)) {
        noteAuditedWrite(actor, lineOf({ actor, action, target, details: details ?? {} }), within, lines.log);
      }
    },
    async history(target, limit) {
      const n = Math.max(1, Math.min(MAX_HISTORY, Math.trunc(limit)));
      const rows = await db
        .selectFrom('core_audit')
        .select(['id', 'at', 'actor', 'action', 'target', 'details'])
        .where('target', '=', targetKey(target))
        .where('action', 'not like', `%${DECLINED_SUFFIX}`)
        .orderBy('id', 'desc')
        .limit(n)
        .execute();
      return rows.map(
        (r): AuditEntry => ({
          id: Number(r.id),
          actor: String(r.actor),
          action: String(r.action),
          target: r.target === null ? null : String(r.target),
          details: JSON.parse(String(r.details)) as Record<string, unknown>,
          at: String(r.at),
        }),
      );
    },
  };
}
