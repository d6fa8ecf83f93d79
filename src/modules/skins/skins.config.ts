// data/core/skins.conf: where /skin looks up an account's skin (the game's account service), how
// long to wait for it, and how long a fetched skin is used before it is looked up again.

import { join } from 'node:path';
import { configProblem, readConfigFile } from '../../core/config-file.ts';
import type { ReloadableConfig } from '../../core/config-reload.ts';

export interface SkinsConfig {
  /** The account-by-name lookup; `{name}` is replaced by the account name. */
  profileUrl: string;
  /** The profile-with-textures lookup; `{uuid}` is replaced by the account id (undashed). */
  sessionUrl: string;
  timeoutSeconds: number;
  /** A stored skin younger than this is used without asking the account service. */
  refreshHours: number;
}

export const SKINS_CONF_DEFAULT = `# Core skins (/skin <account>).

# The game's account service (Mojang). {name} is replaced by the account name, {uuid} by the
# account's id without dashes. Change these only for a mirror or a test server.
profile-url = "https://api.mojang.com/users/profiles/minecraft/{name}"
session-url = "https://sessionserver.mojang.com/session/minecraft/profile/{uuid}?unsigned=false"

# Seconds to wait for the account service before telling the player it cannot be reached (1 to 60).
timeout-seconds = 5

# A skin fetched less than this many hours ago is used again without asking the account service
# (0 to 8760). An older one is fetched again; when the service cannot be reached then, the stored
# skin is used anyway.
refresh-hours = 24
`;

const KEYS = ['profile-url', 'session-url', 'timeout-seconds', 'refresh-hours'];

export function loadSkinsConfig(configDir: string): SkinsConfig {
  const path = join(configDir, 'skins.conf');
  const read = readConfigFile(path, SKINS_CONF_DEFAULT);
  if (!read.ok) throw new Error(read.message);
  const { table, text } = read;
  const problem = (key: string, what: string) => new Error(configProblem(path, text, key, what));
  for (const key of Object.keys(table)) if (!KEYS.includes(key)) throw problem(key, 'is not a key of this file');
  const url = (key: string, fallback: string, needs: string): string => {
    const v = table[key] ?? fallback;
    if (typeof v !== 'string' || !/^https?:\/\/\S+$/.test(v) || !v.includes(needs)) throw problem(key, `must be an http(s) URL containing ${needs}`);
    return v;
  };
  const whole = (key: string, fallback: number, min: number, max: number): number => {
    const v = table[key] ?? fallback;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) throw problem(key, `must be a whole number from ${min} to ${max}`);
    return v;
  };
  return {
    profileUrl: url('profile-url', 'https://api.mojang.com/users/profiles/minecraft/{name}', '{name}'),
    sessionUrl: url('session-url', 'https://sessionserver.mojang.com/session/minecraft/profile/{uuid}?unsigned=false', '{uuid}'),
    timeoutSeconds: whole('timeout-seconds', 5, 1, 60),
    refreshHours: whole('refresh-hours', 24, 0, 8760),
  };
}

/** skins.conf for `core reload`: every key applies to the next lookup. */
export function skinsReloadable(configDir: string): ReloadableConfig<SkinsConfig> {
  return {
    path: join(configDir, 'skins.conf'),
    read: () => loadSkinsConfig(configDir),
    keys: (c) =>
      new Map<string, unknown>([
        ['profile-url', c.profileUrl],
        ['session-url', c.sessionUrl],
        ['timeout-seconds', c.timeoutSeconds],
        ['refresh-hours', c.refreshHours],
      ]),
  };
}
