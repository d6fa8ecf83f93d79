// `core copy-to-postgres <postgres-url>`: copies this server's SQLite data into an empty PostgreSQL
// database (src/core/storage/postgres-copy.ts; docs/network.md), the first step of moving a server into a
// network. Console only: it reads every module's data and writes a database the operator names,
// which is a server-wide act, and the URL it is given may hold a password (the `core` command's
// words are therefore kept out of the logs). It does not switch the server over: the reply says
// how. The copy runs off the game's tick (awaited batches) and tells its progress as it goes.

import type { AuditService } from '../kernel/api.ts';
import { arg } from '../commands/command-args.ts';
import { sub, type Subcommand } from '../commands/command-tree.ts';
import { appliedMigrationSets, sqliteFile, type Database, type Migration } from './db.ts';
import type { Logger } from '../log/log.ts';
import { copySqliteToPostgres } from './postgres-copy.ts';

export interface CopyCommandOptions {
  database: Database;
  /** Every module the server knows, on or off, with its migrations. */
  modules: ReadonlyArray<{ name: string; migrations: readonly Migration[] }>;
  audit: AuditService;
  log: Logger;
}

export function copyToPostgresCommand(o: CopyCommandOptions): Subcommand {
  let running = false;
  return sub({
    name: 'copy-to-postgres',
    consoleOnly: true,
    description: "Copies this server's SQLite data into an empty PostgreSQL database (the server stays on SQLite).",
    args: [arg.word('postgres-url')],
    async run(ctx, { 'postgres-url': url }) {
      const file = sqliteFile(o.database);
      if (file === undefined) {
        ctx.reply({ text: "This server's data is in PostgreSQL already; the copy reads a server's SQLite file (core/core.db).", color: 'red' });
        return;
      }
      if (running) {
        ctx.reply({ text: 'A copy into PostgreSQL is running already; wait for its answer.', color: 'red' });
        return;
      }
      running = true;
      try {
        const outcome = await copySqliteToPostgres({
          sqliteFile: file,
          url,
          applied: appliedMigrationSets(o.database),
          known: o.modules.map((m) => [m.name, m.migrations] as const),
          progress: (line) => ctx.reply({ text: line, color: 'gray' }),
        });
        if (!outcome.ok) {
          ctx.reply({ text: outcome.message, color: 'red' });
          return;
        }
        const nonEmpty = outcome.tables.filter((t) => t.rows > 0);
        ctx.reply({
          text: `Copied ${outcome.rows} rows of ${outcome.tables.length} tables into PostgreSQL at ${outcome.where} in ${(outcome.ms / 1000).toFixed(1)} s, every table's count checked: ${
            nonEmpty.length ? nonEmpty.map((t) => `${t.table} ${t.rows}`).join(', ') : 'all tables empty'
          }.`,
          color: 'green',
        });
        ctx.reply({
          text: 'This server still runs on SQLite, and what it writes from now on is not in the copy. To move it: stop the server, set database to that URL in core/network.conf (and server-name, if it is empty), and start it again.',
          color: 'gold',
        });
        await o.audit.record({ actor: ctx.actor, action: 'core.copy-to-postgres', target: null, details: { to: outcome.where, tables: outcome.tables.length, rows: outcome.rows } });
      } catch (e) {
        // Not through the console's own error line: that repeats the command, and its URL may hold a password.
        o.log.error('core copy-to-postgres failed', e);
        ctx.reply({ text: 'The copy into PostgreSQL failed (see the log); nothing was switched over.', color: 'red' });
      } finally {
        running = false;
      }
    },
  });
}
