// data/core/network.conf: where this server keeps its data and whom it shares it with
// (docs/network.md). Written with comments on first start, off by default: one server on its
// embedded SQLite file. Several servers of a network name one PostgreSQL database and one Redis.
// A faulty file stops the start with one line naming the file, the line and the key: falling back
// to SQLite would split the network's data without anyone noticing. Values that are URLs may hold
// passwords, so no message repeats a value; `describeUrl` names the host and database only.

import { Type } from '@sinclair/typebox';
import { ConfigError, defineConfig } from './core/config/config-define.ts';
import { lines } from './core/config/config-schema.ts';
import { StartupError } from './startup-failure.ts';

export const NETWORK_FILE = 'network.conf';

export type DatabaseChoice = { kind: 'sqlite' } | { kind: 'postgres'; url: string };

export interface NetworkConfig {
  /** This server's name in the network: in every event's data, in presence, in logs. */
  serverName: string;
  database: DatabaseChoice;
  /** A Redis URL (events and the rate limit shared across servers), or null: off. */
  redis: string | null;
}

/** The name of a server on its own SQLite file whose server-name is empty (docs/network.md). */
export const DEFAULT_SERVER_NAME = 'server';

export const networkConfig = defineConfig({
  file: NETWORK_FILE,
  header: lines(
    'Core in a network of servers (docs/network.md). Changes take effect at the next start.',
    'Off by default: this server keeps its data in its own SQLite file (core/core.db).',
  ),
  schema: Type.Object({
    'server-name': Type.String({
      default: '',
      pattern: '^$|^[A-Za-z0-9_-]{1,32}$',
      errorMessage: { type: 'must be a string in quotes', pattern: 'must be 1 to 32 letters, digits, _ or -' },
      description: lines(
        "This server's name in the network: 1 to 32 letters, digits, _ or -. It is in the data of every",
        'event on the event stream ("server") and tells which server a player is on. Empty: "server" for a',
        'server on its own SQLite file; a server on a PostgreSQL database needs a name of its own.',
      ),
    }),
    database: Type.String({
      default: 'sqlite',
      errorMessage: 'must be "sqlite" or a PostgreSQL URL in quotes',
      description: lines(
        'Where the data is: "sqlite" (the embedded file core/core.db, one server), or a PostgreSQL URL such',
        'as "postgres://core:secret@db.example:5432/core" shared by every server of the network.',
      ),
    }),
    redis: Type.String({
      default: '',
      errorMessage: 'must be a URL in quotes, or "" for off',
      description: lines(
        "Redis, for a network: events of every server on every server's event stream, and one rate limit",
        'per token across the network. Empty: off. For example "redis://127.0.0.1:6379".',
      ),
    }),
  }),
  unknownKey: () => 'is not a key of this file (server-name, database, redis)',
  decode(s, at): NetworkConfig {
    let database: DatabaseChoice;
    if (s.database === 'sqlite') database = { kind: 'sqlite' };
    else if (isPostgresUrl(s.database)) database = { kind: 'postgres', url: s.database };
    else return at.problem('database', 'must be "sqlite" or a URL starting postgres:// or postgresql:// (such as "postgres://core:secret@127.0.0.1:5432/core")');
    // A shared database is a network: two servers of one name could not be told apart (presence, the
    // event stream), and no name can be derived that differs between them (every container's data
    // folder is /data, every machine's port 25565), so the operator names each.
    if (s.serverName === '' && database.kind === 'postgres') {
      at.problem('server-name', 'is empty: a server on a PostgreSQL database shares it with the other servers of the network and needs a name of its own, such as "lobby" (1 to 32 letters, digits, _ or -)');
    }
    if (s.redis !== '' && !urlWithScheme(s.redis, ['redis:', 'rediss:'])) {
      at.problem('redis', 'must be "" (off) or a URL starting redis:// or rediss:// (such as "redis://127.0.0.1:6379")');
    }
    return { serverName: s.serverName === '' ? DEFAULT_SERVER_NAME : s.serverName, database, redis: s.redis === '' ? null : s.redis };
  },
});

/** Reads network.conf (writing the default file first when absent); throws a StartupError naming file, line and key. */
export function loadNetworkConfig(configDir: string): NetworkConfig {
  try {
    return networkConfig.load(configDir);
  } catch (e) {
    throw e instanceof ConfigError ? new StartupError(e.message) : e;
  }
}

/** Whether `text` is a URL naming a PostgreSQL server (postgres:// or postgresql://, with a host). */
export function isPostgresUrl(text: string): boolean {
  return urlWithScheme(text, ['postgres:', 'postgresql:']);
}

function urlWithScheme(text: string, schemes: readonly string[]): boolean {
  try {
    const u = new URL(text);
    return schemes.includes(u.protocol) && u.hostname !== '';
  } catch {
    return false;
  }
}

/** A URL for a log line: scheme, host, port and path, never the user or password. */
export function describeUrl(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname}`;
}
