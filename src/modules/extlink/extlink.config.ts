// data/core/extlink.conf: how long a link code from /link stays redeemable. Written with comments
// on first start, never overwritten; applies at once on `core reload` (to codes issued afterwards).

import { join } from 'node:path';
import { configProblem, readConfigFile } from '../../core/config-file.ts';
import type { ReloadableConfig } from '../../core/config-reload.ts';

export interface ExtlinkConfig {
  /** Seconds a code from /link may be redeemed. */
  codeExpirySeconds: number;
}

export const MIN_CODE_EXPIRY = 30;
export const MAX_CODE_EXPIRY = 86_400;

export const EXTLINK_CONF_DEFAULT = `# Core account links (a player's external chat-platform account, e.g. a Discord user id).

# Seconds a code given by /link stays valid. The platform side (or an admin with
# /extlink redeem <code> <id>) must redeem it before then. ${MIN_CODE_EXPIRY} to ${MAX_CODE_EXPIRY}.
code-expiry-seconds = 600
`;

const KEYS = ['code-expiry-seconds'];

export function loadExtlinkConfig(configDir: string): ExtlinkConfig {
  const path = join(configDir, 'extlink.conf');
  const read = readConfigFile(path, EXTLINK_CONF_DEFAULT);
  if (!read.ok) throw new Error(read.message);
  const { table, text } = read;
  const problem = (key: string, what: string) => new Error(configProblem(path, text, key, what));
  for (const key of Object.keys(table)) if (!KEYS.includes(key)) throw problem(key, 'is not a key of this file');
  const expiry = table['code-expiry-seconds'] ?? 600;
  if (typeof expiry !== 'number' || !Number.isInteger(expiry) || expiry < MIN_CODE_EXPIRY || expiry > MAX_CODE_EXPIRY) {
    throw problem('code-expiry-seconds', `must be a whole number of seconds from ${MIN_CODE_EXPIRY} to ${MAX_CODE_EXPIRY}`);
  }
  return { codeExpirySeconds: expiry };
}

/** extlink.conf for `core reload`: the expiry applies to codes issued afterwards. */
export function extlinkReloadable(configDir: string): ReloadableConfig<ExtlinkConfig> {
  return {
    path: join(configDir, 'extlink.conf'),
    read: () => loadExtlinkConfig(configDir),
    keys: (c) => new Map<string, unknown>([['code-expiry-seconds', c.codeExpirySeconds]]),
  };
}
