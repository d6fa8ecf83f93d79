// data/core/moderation.conf: which commands a muted player may not run (the private-message
// commands, whatever module provides them).
// Written with comments on first start, never overwritten.

import { join } from 'node:path';
import { configProblem, readConfigFile } from '../../core/config-file.ts';
import type { ReloadableConfig } from '../../core/config-reload.ts';

export interface ModerationConfig {
  /** Command names (lower case, no slash) a muted player is refused. */
  muteBlockedCommands: readonly string[];
}

export const DEFAULT_MUTE_BLOCKED = ['msg', 'tell', 'w', 'whisper', 'r', 'reply', 'mail', 'me', 'say', 'm', 't', 'pm', 'dm', 'message'];

export const MODERATION_CONF_DEFAULT = `# Core moderation (bans, mutes, warnings, kicks, address bans, alts).

# Commands a muted player may not run: private messages, mail, /me, /say … (names without the
# slash; aliases of a command count as the command). Chat itself is always blocked while muted.
mute-blocked-commands = [${DEFAULT_MUTE_BLOCKED.map((c) => `"${c}"`).join(', ')}]
`;

const KEYS = new Set(['mute-blocked-commands']);
const COMMAND = /^[a-z0-9_:-]{1,64}$/;

export function loadModerationConfig(configDir: string): ModerationConfig {
  const path = join(configDir, 'moderation.conf');
  const read = readConfigFile(path, MODERATION_CONF_DEFAULT);
  if (!read.ok) throw new Error(read.message);
  const { table, text } = read;
  const problem = (key: string, what: string) => new Error(configProblem(path, text, key, what));
  for (const key of Object.keys(table)) if (!KEYS.has(key)) throw problem(key, 'is not a key of this file');
  const raw = table['mute-blocked-commands'] ?? DEFAULT_MUTE_BLOCKED;
  const list = Array.isArray(raw) ? raw.map((c) => (typeof c === 'string' ? c.replace(/^\//, '').toLowerCase() : c)) : undefined;
  if (!list || !list.every((c): c is string => typeof c === 'string' && COMMAND.test(c))) {
    throw problem('mute-blocked-commands', 'must be a list of command names, e.g. ["msg", "tell", "r"]');
  }
  return { muteBlockedCommands: [...new Set(list)] };
}

/** moderation.conf for `core reload`: the list applies to the next command a muted player runs. */
export function moderationReloadable(configDir: string): ReloadableConfig<ModerationConfig> {
  return {
    path: join(configDir, 'moderation.conf'),
    read: () => loadModerationConfig(configDir),
    keys: (c) => new Map<string, unknown>([['mute-blocked-commands', c.muteBlockedCommands.join(',')]]),
  };
}
