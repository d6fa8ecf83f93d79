// rest.conf: the add-on's own config file (docs/decisions.md, "rest.conf"). `key = value` lines, each value a TOML
// value, each key preceded by a comment. Written with the defaults when absent, never overwritten.
// A problem with the file is one line naming the file, the line and the key: at start it stops the
// start, as for every config file (src/core/config-startup.ts); at `core reload` the file keeps its
// settings.

import { isIP } from 'node:net';
import { join } from 'node:path';
import { lineOfKey, parseConfigText, problemLine, readConfigFile } from '../core/config-file.ts';
import type { ReloadableConfig } from '../core/config-reload.ts';
import { checkTrustedProxies } from './client-address.ts';

export interface RestConfig {
  enabled: boolean;
  bind: string;
  /** 0 asks the operating system for a free (ephemeral) port at each start. */
  port: number;
  requestsPerMinute: number;
  /** Failed authentications one remote address may make per minute (its own limit: docs/security.md). */
  failedAuthPerMinute: number;
  maxSubscribers: number;
  /** HTTP and event-stream connections open at once; a new one beyond is closed at once. */
  maxConnections: number;
  /** One log entry per request and per failed authentication. */
  accessLog: boolean;
  /** Reverse proxies whose X-Forwarded-For names the client (./client-address.ts); empty: the header is ignored. */
  trustedProxies: readonly string[];
  /** Whether GET /api/v1/docs and /api/v1/openapi.json answer (with a token holding read, unless publicReference). */
  reference: boolean;
  /** Whether those two answer without a token (limited per remote address like failed logins). */
  publicReference: boolean;
}

export const DEFAULT_CONFIG: RestConfig = {
  enabled: false,
  bind: '127.0.0.1',
  port: 8123,
  requestsPerMinute: 120,
  failedAuthPerMinute: 20,
  maxSubscribers: 8,
  maxConnections: 1024,
  accessLog: true,
  trustedProxies: [],
  reference: true,
  publicReference: false,
};

export const CONFIG_FILE_NAME = 'rest.conf';

type Key =
  | 'enabled'
  | 'bind'
  | 'port'
  | 'requests-per-minute'
  | 'failed-auth-per-minute'
  | 'max-subscribers'
  | 'max-connections'
  | 'access-log'
  | 'trusted-proxies'
  | 'reference'
  | 'public-reference';

interface KeySpec {
  field: keyof RestConfig;
  comment: string;
  /**
   * Whether a new value applies at `core reload` (read at each use by the running listener), or
   * only at the next start (what the listener was opened with).
   */
  live: boolean;
  /** Returns the value, or a sentence saying what is wrong. */
  check(value: unknown): { ok: true; value: RestConfig[keyof RestConfig] } | { ok: false; problem: string };
}

function integer(min: number, max: number) {
  return (value: unknown): { ok: true; value: number } | { ok: false; problem: string } =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
      ? { ok: true, value }
      : { ok: false, problem: `must be a whole number from ${min} to ${max}` };
}

const boolean = (v: unknown): { ok: true; value: boolean } | { ok: false; problem: string } =>
  typeof v === 'boolean' ? { ok: true, value: v } : { ok: false, problem: 'must be true or false' };

const KEYS: Record<Key, KeySpec> = {
  enabled: {
    field: 'enabled',
    comment: 'Whether the HTTP/WebSocket listener opens. Set it to true and restart the server to turn the service on.',
    live: false,
    check: boolean,
  },
  bind: {
    field: 'bind',
    comment:
      'Address to listen on. "127.0.0.1" accepts this machine only; "0.0.0.0" (or "::") accepts every interface and logs a warning. Plain HTTP only: put a TLS reverse proxy in front for outside access.',
    live: false,
    check: (v) =>
      typeof v === 'string' && (isIP(v) !== 0 || v === 'localhost')
        ? { ok: true, value: v }
        : { ok: false, problem: 'must be an IP address in quotes, such as "127.0.0.1"' },
  },
  port: {
    field: 'port',
    comment: 'Listening port. 0 picks a free port at each start (the log line says which).',
    live: false,
    check: integer(0, 65535),
  },
  'requests-per-minute': {
    field: 'requestsPerMinute',
    comment:
      'Requests one token may make per minute (fixed one-minute windows).',
    live: true,
    check: integer(1, 1_000_000_000),
  },
  'failed-auth-per-minute': {
    field: 'failedAuthPerMinute',
    comment:
      'Failed logins (no token, or a wrong one) one remote address may make per minute; beyond it that address gets 429 until the minute rolls. Valid tokens from the same address are not affected. Kept low against token guessing, whatever requests-per-minute is.',
    live: true,
    check: integer(1, 1_000_000_000),
  },
  'max-subscribers': {
    field: 'maxSubscribers',
    comment: 'Event-stream (WebSocket) connections open at once, counted across all tokens. 0 refuses every subscriber.',
    live: true,
    check: integer(0, 100_000),
  },
  'max-connections': {
    field: 'maxConnections',
    comment:
      'Connections open at once, HTTP and event streams together; a new connection beyond it is closed at once, the open ones are served. A reload applies to connections opened after it.',
    live: true,
    check: integer(1, 1_000_000),
  },
  'access-log': {
    field: 'accessLog',
    comment:
      'Whether every request (event-stream handshakes and failed logins included) is logged: remote address, token label, method, path, status and milliseconds. Never a secret or a query string.',
    live: false,
    check: boolean,
  },
  'trusted-proxies': {
    field: 'trustedProxies',
    comment:
      'Addresses and CIDR ranges of reverse proxies in front of the service, such as ["127.0.0.1", "::1"]. A request from one of them is counted and logged under the client address its X-Forwarded-For names (the rightmost entry that is not a listed proxy); empty, that header is ignored and every client behind a proxy shares its address.',
    live: true,
    check: checkTrustedProxies,
  },
  reference: {
    field: 'reference',
    comment:
      'Whether the API reference answers at /api/v1/docs (a page for a browser) and /api/v1/openapi.json, to a token with the read scope (a browser asks for it in its login box: the label as user name, the secret as password); while false both paths answer 404 like any unknown path.',
    live: true,
    check: boolean,
  },
  'public-reference': {
    field: 'publicReference',
    comment:
      'Whether the API reference (/api/v1/docs and /api/v1/openapi.json) answers without a token too, to anyone who can reach the service; limited per remote address like failed logins. Every other path needs a token whatever this says.',
    live: true,
    check: boolean,
  },
};

const KEY_ORDER: readonly Key[] = ['enabled', 'bind', 'port', 'requests-per-minute', 'failed-auth-per-minute', 'max-subscribers', 'max-connections', 'access-log', 'trusted-proxies', 'reference', 'public-reference'];

function tomlValue(value: RestConfig[keyof RestConfig]): string {
  if (Array.isArray(value)) return `[${value.map((v) => JSON.stringify(v)).join(', ')}]`;
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/** The text written on first start: a comment line before each key. */
export function defaultConfigText(): string {
  const lines = [
    '# Remote Access Service (core-rest): HTTP and WebSocket access to Core for panels, bots and scripts.',
    '# Written once with the defaults and never overwritten. Changes take effect at the next start; those of the',
    '# keys marked "live" also at the console command core reload.',
    '# Tokens are issued in game or at the console with /coreapi token create <label> [scopes]; no secret goes here.',
  ];
  for (const key of KEY_ORDER) {
    const spec = KEYS[key];
    lines.push('', `# ${spec.comment}${spec.live ? ' (live)' : ''}`, `${key} = ${tomlValue(DEFAULT_CONFIG[spec.field])}`);
  }
  return lines.join('\n') + '\n';
}

export type ConfigOutcome =
  | { ok: true; config: RestConfig; file: string; written: boolean }
  | { ok: false; file: string; line: number; key: string; problem: string; message: string };

/** The key of a line that sets none (`= 3`, a line of garbage). */
const NO_KEY = '(none)';

function failure(file: string, line: number, key: string, problem: string): ConfigOutcome {
  return { ok: false, file, line, key, problem, message: problemLine(file, line, key === NO_KEY ? undefined : key, problem) };
}

/** Reads rest.conf from the add-on's folder, writing the default file first when it is absent. */
export function loadConfig(configDir: string): ConfigOutcome {
  const file = join(configDir, CONFIG_FILE_NAME);
  const read = readConfigFile(file, defaultConfigText());
  if (!read.ok) return failure(file, read.line, read.key ?? NO_KEY, read.problem);
  return checkConfig(read.table, read.text, file, read.created);
}

/** Parses and checks the text of a rest.conf (for tests and tools; loadConfig reads the file). */
export function parseConfig(text: string, file: string, written = false): ConfigOutcome {
  const parsed = parseConfigText(file, text);
  if (!parsed.ok) return failure(file, parsed.line, parsed.key ?? NO_KEY, parsed.problem);
  return checkConfig(parsed.table, text, file, written);
}

/** Checks the keys of a parsed rest.conf. */
export function checkConfig(table: Record<string, unknown>, text: string, file: string, written = false): ConfigOutcome {
  const config: RestConfig = { ...DEFAULT_CONFIG };
  for (const [key, value] of Object.entries(table)) {
    const line = lineOfKey(text, key) ?? 0;
    if (!Object.hasOwn(KEYS, key)) {
      return failure(file, line, key, `unknown key (the keys are ${KEY_ORDER.join(', ')})`);
    }
    const spec = KEYS[key as Key];
    const checked = spec.check(value);
    if (!checked.ok) return failure(file, line, key, checked.problem);
    (config as unknown as Record<string, unknown>)[spec.field] = checked.value;
  }
  return { ok: true, config, file, written };
}

/** Whether the bind address listens on every interface (the warning case). */
export function bindsEverywhere(bind: string): boolean {
  return bind === '0.0.0.0' || bind === '::' || bind === '[::]' || bind === '::0';
}

/** Whether a change of the key applies at `core reload` (otherwise at the next start). */
export function isLiveKey(key: string): boolean {
  return Object.hasOwn(KEYS, key) && KEYS[key as Key].live;
}

/**
 * rest.conf for `core reload`, generic over its keys: each key's `live` says whether it applies
 * at once. Live keys are copied into the running config object in place, because every part of
 * the add-on holds that one object and reads it at each use. While the listener is closed nothing
 * runs to apply a key to, so every change waits for the next start.
 */
export function restReloadable(configDir: string, listenerOpen: () => boolean): ReloadableConfig<RestConfig> {
  return {
    path: join(configDir, CONFIG_FILE_NAME),
    read() {
      const outcome = loadConfig(configDir);
      if (!outcome.ok) throw new Error(outcome.message);
      return outcome.config;
    },
    keys: (config) => new Map((Object.keys(KEYS) as Key[]).map((k) => [k, config[KEYS[k].field]])),
    restart: {
      needs: (key) => !listenerOpen() || !isLiveKey(key),
      applyLive(current, next) {
        if (!listenerOpen()) return current;
        const target = current as unknown as Record<string, unknown>;
        for (const spec of Object.values(KEYS)) if (spec.live) target[spec.field] = next[spec.field];
        return current;
      },
    },
  };
}
