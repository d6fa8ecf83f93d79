// data/core/votes.conf: the NuVotifier listener (switch, port, shared token), the rewards of a vote
// and of the vote party, and the links /vote shows. Written with a fresh random token on first
// start. `enabled` and `port` need a restart; the rest applies at `core reload`.

import { randomBytes } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { defineConfig, type ConfigOf } from '../../core/config/config-define.ts';
import { lines } from '../../core/config/config-schema.ts';

const TOKEN = '^[A-Za-z0-9_-]{16,128}$';
const TOKEN_PROBLEM = 'must be 16 to 128 of letters, digits, _ and -';

export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Money paid out: 0 for none. */
const money = (value: number, description?: string) =>
  Type.Number({ default: value, minimum: 0, maximum: 1e12, errorMessage: 'must be a number from 0', ...(description === undefined ? {} : { description }) });

export const votesConfig = defineConfig({
  file: 'votes.conf',
  header: 'Core votes.',
  mark: { restart: ' Needs a restart.' },
  schema: Type.Object({
    enabled: Type.Boolean({
      default: false,
      restart: true,
      description: lines(
        'Whether the NuVotifier (protocol v2) listener opens: vote lists send votes to it. Shipped off:',
        'set true (and give the lists the token below) to receive votes.',
      ),
    }),
    /** 0 = any free port (the port taken is logged). */
    port: Type.Integer({
      default: 8192,
      minimum: 0,
      maximum: 65535,
      restart: true,
      errorMessage: 'must be a port number from 0 to 65535',
      description: 'Its TCP port (the port vote lists are told). 0 takes any free port and logs it.',
    }),
    /** The token lists sign with (service "default" of NuVotifier): written fresh on first start (`initial`). */
    token: Type.String({
      pattern: TOKEN,
      errorMessage: TOKEN_PROBLEM,
      description: lines(
        "The token vote lists sign votes with (give it to each list, with this server's address and the",
        'port). Generated on first start; keep it secret: it is never logged.',
      ),
    }),
    'reward-amount': money(
      10,
      lines(
        'Money a player gets for each vote (0 for none), in reward-currency ("" for the default',
        'currency). A player who is offline gets it when they next join.',
      ),
    ),
    /** The currency of the rewards; null: the default currency. */
    'reward-currency': Type.Transform(Type.String({ default: '', errorMessage: 'must be a currency name, or "" for the default currency' }))
      .Decode((v) => (v === '' ? null : v))
      .Encode((v) => v ?? ''),
    'party-goal': Type.Integer({
      default: 50,
      minimum: 1,
      maximum: 1_000_000,
      description: lines(
        'The vote party: every vote counts towards this goal; reaching it gives every player online',
        'party-reward-amount (0 for none) and the count starts again.',
      ),
    }),
    'party-reward-amount': money(100),
    links: Type.Array(Type.String({ minLength: 1, errorMessage: 'must be an address, e.g. "https://example.org/vote"' }), {
      default: [],
      examples: [['https://minecraft-server-list.com/']],
      errorMessage: 'must be a list of addresses, e.g. ["https://example.org/vote"]',
      description: 'The vote sites /vote lists.',
    }),
    /** Tokens for single services (serviceName → token), used before `token`. */
    'service-tokens': Type.Record(Type.String(), Type.String({ pattern: TOKEN, errorMessage: TOKEN_PROBLEM }), {
      default: {},
      errorMessage: 'must be a table of service name = token',
      description: lines(
        'Optional: a token for one service only (its serviceName as the list sends it), used instead of',
        'the token above for that list. e.g.  [service-tokens]  "MinecraftServers.org" = "..."',
      ),
    }),
  }),
  initial: () => ({ token: newToken() }),
});

export type VotesConfig = ConfigOf<typeof votesConfig>;

export const votesReloadable = (configDir: string) => votesConfig.reloadable(configDir);
