// data/core/votes.conf: the NuVotifier listener (switch, port, shared token), the rewards of a vote
// and of the vote party, and the links /vote shows. Written with comments on first start (with a
// fresh random token), never overwritten. `enabled` and `port` need a restart; the rest applies on
// `core reload`.

import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { configProblem, readConfigFile } from '../../core/config-file.ts';
import type { ReloadableConfig } from '../../core/config-reload.ts';

export interface VotesConfig {
  /** Whether the NuVotifier listener opens. */
  enabled: boolean;
  /** Its TCP port; 0 = any free port (the port taken is logged). */
  port: number;
  /** The token lists sign with (service "default" of NuVotifier). */
  token: string;
  /** Tokens for single services (serviceName → token), used before `token`. */
  serviceTokens: Record<string, string>;
  /** Money a player gets per vote (0: none). */
  rewardAmount: number;
  /** Its currency; null: the default currency. */
  rewardCurrency: string | null;
  /** Votes the party needs. */
  partyGoal: number;
  /** Money every online player gets when the party goal is reached (0: none). */
  partyRewardAmount: number;
  /** Lines of /vote: the vote sites. */
  links: string[];
}

const KEYS = ['enabled', 'port', 'token', 'service-tokens', 'reward-amount', 'reward-currency', 'party-goal', 'party-reward-amount', 'links'];
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

export function votesConfDefault(token: string): string {
  return `# Core votes.

# Whether the NuVotifier (protocol v2) listener opens: vote lists send votes to it. Shipped off:
# set true (and give the lists the token below) to receive votes. Needs a restart.
enabled = false

# Its TCP port (the port vote lists are told). 0 takes any free port and logs it. Needs a restart.
port = 8192

# The token vote lists sign votes with (give it to each list, with this server's address and the
# port). Generated on first start; keep it secret: it is never logged.
token = "${token}"

# Optional: a token for one service only (its serviceName as the list sends it), used instead of
# the token above for that list. e.g.  [service-tokens]  "MinecraftServers.org" = "..."
[service-tokens]
`;
}

const REST_DEFAULTS = `
# Money a player gets for each vote (0 for none), in reward-currency ("" for the default
# currency). A player who is offline gets it when they next join.
reward-amount = 10
reward-currency = ""

# The vote party: every vote counts towards this goal; reaching it gives every player online
# party-reward-amount (0 for none) and the count starts again.
party-goal = 50
party-reward-amount = 100

# The vote sites /vote lists.
links = ["https://minecraft-server-list.com/"]
`;

export function loadVotesConfig(configDir: string): VotesConfig {
  const path = join(configDir, 'votes.conf');
  const token = newToken();
  // The rest-defaults come before the [service-tokens] table, so they stay top-level keys.
  const text0 = votesConfDefault(token).replace('\n# Optional: a token', `${REST_DEFAULTS}\n# Optional: a token`);
  const read = readConfigFile(path, text0);
  if (!read.ok) throw new Error(read.message);
  const { table, text } = read;
  const problem = (key: string, what: string) => new Error(configProblem(path, text, key, what));
  for (const key of Object.keys(table)) if (!KEYS.includes(key)) throw problem(key, 'is not a key of this file');
  const enabled = table.enabled ?? false;
  if (typeof enabled !== 'boolean') throw problem('enabled', 'must be true or false');
  const port = table.port ?? 8192;
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 0 || port > 65535) throw problem('port', 'must be a port number from 0 to 65535');
  const tok = table.token;
  if (typeof tok !== 'string' || !TOKEN.test(tok)) throw problem('token', 'must be 16 to 128 of letters, digits, _ and -');
  const st = table['service-tokens'] ?? {};
  if (typeof st !== 'object' || st === null || Array.isArray(st)) throw problem('service-tokens', 'must be a table of service name = token');
  const serviceTokens: Record<string, string> = {};
  for (const [k, v] of Object.entries(st)) {
    if (typeof v !== 'string' || !TOKEN.test(v)) throw problem('service-tokens', `token of "${k}" must be 16 to 128 of letters, digits, _ and -`);
    serviceTokens[k] = v;
  }
  const money = (key: string, fallback: number): number => {
    const v = table[key] ?? fallback;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1e12) throw problem(key, 'must be a number from 0');
    return v;
  };
  const currency = table['reward-currency'] ?? '';
  if (typeof currency !== 'string') throw problem('reward-currency', 'must be a currency name, or "" for the default currency');
  const goal = table['party-goal'] ?? 50;
  if (typeof goal !== 'number' || !Number.isInteger(goal) || goal < 1 || goal > 1_000_000) throw problem('party-goal', 'must be a whole number from 1 to 1000000');
  const links = table.links ?? [];
  if (!Array.isArray(links) || links.some((l) => typeof l !== 'string' || l.length === 0)) throw problem('links', 'must be a list of addresses, e.g. ["https://example.org/vote"]');
  return {
    enabled,
    port,
    token: tok,
    serviceTokens,
    rewardAmount: money('reward-amount', 10),
    rewardCurrency: currency === '' ? null : currency,
    partyGoal: goal,
    partyRewardAmount: money('party-reward-amount', 100),
    links: links as string[],
  };
}

/** votes.conf for `core reload`: the listener's switch and port wait for a restart; the token, rewards, goal and links apply at once. */
export function votesReloadable(configDir: string): ReloadableConfig<VotesConfig> {
  const restartKeys = new Set(['enabled', 'port']);
  return {
    path: join(configDir, 'votes.conf'),
    read: () => loadVotesConfig(configDir),
    keys: (c) =>
      new Map<string, unknown>([
        ['enabled', c.enabled],
        ['port', c.port],
        // The secret itself is never reported: only whether it changed.
        ['token', c.token],
        ['service-tokens', c.serviceTokens],
        ['reward-amount', c.rewardAmount],
        ['reward-currency', c.rewardCurrency],
        ['party-goal', c.partyGoal],
        ['party-reward-amount', c.partyRewardAmount],
        ['links', c.links],
      ]),
    restart: {
      needs: (key) => restartKeys.has(key),
      applyLive: (current, next) => ({ ...next, enabled: current.enabled, port: current.port }),
    },
  };
}
