// A server whose PostgreSQL cannot be reached stops at start with one line (src/startup-failure.ts):
// which database it tried (host, port, database name: never the user or password) and what to
// check. Tried before the game server opens its port, so that no player joins a server that cannot
// keep their data.

import { sql, type Database } from './core/storage/db.ts';
import { describeUrl, NETWORK_FILE } from './network-config.ts';
import { StartupError } from './startup-failure.ts';

/** What to check for a connection error of node-postgres, by its code (Node's or PostgreSQL's SQLSTATE). */
function whatToCheck(code: string | undefined): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'nothing accepts connections there: check that PostgreSQL runs on that host and port';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name is unknown: check the host in the URL';
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'the host does not answer: check the host, the port and any firewall between';
    case '28P01':
    case '28000':
      return 'PostgreSQL refused the user or password: check them in the URL';
    case '3D000':
      return 'that database does not exist: create it, or name an existing one in the URL';
    default:
      return 'check the URL and that PostgreSQL runs there';
  }
}

/** How long the first query may take: a host that drops packets would otherwise keep the start waiting for minutes. */
export const REACH_TIMEOUT_MS = 15_000;

/** Resolves once PostgreSQL answers a query; otherwise throws a StartupError naming the database. */
export async function checkPostgresReachable(database: Database, url: string, timeoutMs = REACH_TIMEOUT_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('no answer'), { code: 'ETIMEDOUT' })), timeoutMs);
  });
  try {
    await Promise.race([sql`SELECT 1`.execute(database.db), timeout]);
  } catch (e) {
    const code = (e as { code?: unknown } | null)?.code;
    const reason = whatToCheck(typeof code === 'string' ? code : undefined);
    throw new StartupError(`the PostgreSQL database at ${describeUrl(url)} (core/${NETWORK_FILE}, key "database") cannot be used: ${reason}`);
  } finally {
    clearTimeout(timer);
  }
}
