// rest.conf: the add-on's own config file (docs/decisions.md, "rest.conf"). `key = value` lines, each value a TOML
// value, each key preceded by a comment. Written with the defaults when absent, never overwritten.
// A problem with the file is one line naming the file, the line and the key: at start it stops the
// start, as for every config file (src/core/config/config-startup.ts); at `core reload` the file keeps its
// settings.

import { isIP } from 'node:net';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { ConfigError, defineConfig, type ConfigOf } from '../core/config/config-define.ts';
import type { ReloadableConfig } from '../core/config/config-reload.ts';
import { camelKey, lines, node, ValueProblem } from '../core/config/config-schema.ts';
import { checkTrustedProxies, TRUSTED_PROXIES_SHAPE } from './client-address.ts';

export const CONFIG_FILE_NAME = 'rest.conf';

const HEADER = lines(
  'Remote Access Service (core-rest): HTTP and WebSocket access to Core for panels, bots and scripts.',
  'Written once with the defaults and never overwritten. Changes take effect at the next start; those of the',
  'keys marked "live" also at the console command core reload.',
  'Tokens are issued in game or at the console with /coreapi token create <label> [scopes]; no secret goes here.',
);

// A key marked `restart` applies at the next start only (what the listener was opened with); every
// other key at `core reload` too, read at each use by the running listener: "(live)" in its comment.
const RestSchema = Type.Object({
  enabled: Type.Boolean({
    default: false,
    restart: true,
    description: 'Whether the HTTP/WebSocket listener opens. Set it to true and restart the server to turn the service on.',
  }),
  bind: Type.Transform(
    Type.String({
      default: '127.0.0.1',
      restart: true,
      errorMessage: 'must be an IP address in quotes, such as "127.0.0.1"',
      description:
        'Address to listen on. "127.0.0.1" accepts this machine only; "0.0.0.0" (or "::") accepts every interface and logs a warning. Plain HTTP only: put a TLS reverse proxy in front for outside access.',
    }),
  )
    .Decode((v) => {
      if (isIP(v) === 0 && v !== 'localhost') throw new ValueProblem('must be an IP address in quotes, such as "127.0.0.1"');
      return v;
    })
    .Encode((v) => v),
  /** 0 asks the operating system for a free (ephemeral) port at each start. */
  port: Type.Integer({
    default: 8123,
    minimum: 0,
    maximum: 65535,
    restart: true,
    description: 'Listening port. 0 picks a free port at each start (the log line says which).',
  }),
  'requests-per-minute': Type.Integer({
    default: 120,
    minimum: 1,
    maximum: 1_000_000_000,
    description: 'Requests one token may make per minute (fixed one-minute windows).',
  }),
  /** Failed authentications one remote address may make per minute (its own limit: docs/security.md). */
  'failed-auth-per-minute': Type.Integer({
    default: 20,
    minimum: 1,
    maximum: 1_000_000_000,
    description:
      'Failed logins (no token, or a wrong one) one remote address may make per minute; beyond it that address gets 429 until the minute rolls. Valid tokens from the same address are not affected. Kept low against token guessing, whatever requests-per-minute is.',
  }),
  'max-subscribers': Type.Integer({
    default: 8,
    minimum: 0,
    maximum: 100_000,
    description: 'Event-stream (WebSocket) connections open at once, counted across all tokens. 0 refuses every subscriber.',
  }),
  /** HTTP and event-stream connections open at once; a new one beyond is closed at once. */
  'max-connections': Type.Integer({
    default: 1024,
    minimum: 1,
    maximum: 1_000_000,
    description:
      'Connections open at once, HTTP and event streams together; a new connection beyond it is closed at once, the open ones are served. A reload applies to connections opened after it.',
  }),
  /** One log entry per request and per failed authentication. */
  'access-log': Type.Boolean({
    default: true,
    restart: true,
    description:
      'Whether every request (event-stream handshakes and failed logins included) is logged: remote address, token label, method, path, status and milliseconds. Never a secret or a query string.',
  }),
  /** Reverse proxies whose X-Forwarded-For names the client (./client-address.ts); empty: the header is ignored. */
  'trusted-proxies': Type.Transform(
    Type.Array(Type.String({ errorMessage: TRUSTED_PROXIES_SHAPE }), {
      default: [],
      errorMessage: TRUSTED_PROXIES_SHAPE,
      description:
        'Addresses and CIDR ranges of reverse proxies in front of the service, such as ["127.0.0.1", "::1"]. A request from one of them is counted and logged under the client address its X-Forwarded-For names (the rightmost entry that is not a listed proxy); empty, that header is ignored and every client behind a proxy shares its address.',
    }),
  )
    .Decode((v): readonly string[] => {
      const checked = checkTrustedProxies(v);
      if (!checked.ok) throw new ValueProblem(checked.problem);
      return checked.value;
    })
    .Encode((v) => [...v]),
  /** Whether GET /api/v1/docs and /api/v1/openapi.json answer (with a token holding read, unless public-reference). */
  reference: Type.Boolean({
    default: true,
    description:
      'Whether the API reference answers at /api/v1/docs (a page for a browser) and /api/v1/openapi.json, to a token with the read scope (a browser asks for it in its login box: the label as user name, the secret as password); while false both paths answer 404 like any unknown path.',
  }),
  /** Whether those two answer without a token (limited per remote address like failed logins). */
  'public-reference': Type.Boolean({
    default: false,
    description:
      'Whether the API reference (/api/v1/docs and /api/v1/openapi.json) answers without a token too, to anyone who can reach the service; limited per remote address like failed logins. Every other path needs a token whatever this says.',
  }),
});

const KEYS = node(RestSchema).properties!;
const KEY_ORDER = Object.keys(KEYS);

export const restConfig = defineConfig({
  file: CONFIG_FILE_NAME,
  header: HEADER,
  schema: RestSchema,
  mark: { live: ' (live)' },
  unknownKey: () => `is not a key of this file (the keys are ${KEY_ORDER.join(', ')})`,
});

export type RestConfig = ConfigOf<typeof restConfig>;

/** The settings of a rest.conf that sets nothing. */
export const DEFAULT_CONFIG: RestConfig = restConfig.parse(CONFIG_FILE_NAME, '');

/** The text written on first start: a comment line before each key. */
export const defaultConfigText = (): string => restConfig.defaultText();

export type ConfigOutcome =
  | { ok: true; config: RestConfig; file: string; written: boolean }
  | { ok: false; file: string; line: number; key: string; problem: string; message: string };

/** The key of a line that sets none (`= 3`, a line of garbage). */
const NO_KEY = '(none)';

function outcomeOf(file: string, run: () => { config: RestConfig; written: boolean }): ConfigOutcome {
  try {
    return { ok: true, file, ...run() };
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    return { ok: false, file, line: e.line, key: e.key ?? NO_KEY, problem: e.problem, message: e.message };
  }
}

/** Reads rest.conf from the add-on's folder, writing the default file first when it is absent. */
export function loadConfig(configDir: string): ConfigOutcome {
  return outcomeOf(join(configDir, CONFIG_FILE_NAME), () => restConfig.read(configDir));
}

/** Parses and checks the text of a rest.conf (for tests and tools; loadConfig reads the file). */
export function parseConfig(text: string, file: string, written = false): ConfigOutcome {
  return outcomeOf(file, () => ({ config: restConfig.parse(file, text), written }));
}

/** Whether the bind address listens on every interface (the warning case). */
export function bindsEverywhere(bind: string): boolean {
  return bind === '0.0.0.0' || bind === '::' || bind === '[::]' || bind === '::0';
}

/** Whether a change of the key applies at `core reload` (otherwise at the next start). */
export function isLiveKey(key: string): boolean {
  return Object.hasOwn(KEYS, key) && KEYS[key]!.restart !== true;
}

/**
 * rest.conf for `core reload`: each key's `restart` says whether it applies at once. Live keys
 * are copied into the running config object in place, because every part of the add-on holds that
 * one object and reads it at each use. While the listener is closed nothing runs to apply a key
 * to, so every change waits for the next start.
 */
export function restReloadable(configDir: string, listenerOpen: () => boolean): ReloadableConfig<RestConfig> {
  return {
    ...restConfig.reloadable(configDir),
    restart: {
      needs: (key) => !listenerOpen() || !isLiveKey(key),
      applyLive(current, next) {
        if (!listenerOpen()) return current;
        const target = current as unknown as Record<string, unknown>;
        for (const key of KEY_ORDER) if (isLiveKey(key)) target[camelKey(key)] = next[camelKey(key) as keyof RestConfig];
        return current;
      },
    },
  };
}
