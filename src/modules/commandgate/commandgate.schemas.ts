// Schemas of the command gate's one route (TypeBox): validation, types and the OpenAPI document
// come from these.

import { Type, type Static } from '@sinclair/typebox';
import { PlayerFields } from '../../core/kernel/events.ts';

/** The spec's rule names: which kind of list decided, and what it said. */
export const GATE_RULES = ['BYPASS', 'WHITELISTED', 'NOT_WHITELISTED', 'BLACKLISTED', 'NOT_BLACKLISTED'] as const;
export type GateRule = (typeof GATE_RULES)[number];

export const GateRuleSchema = Type.Union(
  GATE_RULES.map((r) => Type.Literal(r)),
  {
    description:
      'BYPASS: the player holds the bypass permission; WHITELISTED / NOT_WHITELISTED: a whitelist decided and names / does not name the command; BLACKLISTED / NOT_BLACKLISTED: a blacklist decided and names / does not name it.',
  },
);

/** A command name as a player would type it: one word, with or without the slash, any case. */
export const COMMAND_PATTERN = '^/?[A-Za-z0-9_:-]{1,64}$';

export const CommandCheckQuery = Type.Object(
  {
    command: Type.String({
      pattern: COMMAND_PATTERN,
      description: 'The command to check: its name or one of its aliases, one word, with or without the leading slash, any case (e.g. home, /h).',
    }),
  },
  { additionalProperties: false },
);

export const CommandCheck = Type.Object(
  {
    ...PlayerFields,
    command: Type.String({ description: 'The command checked, lower case without the slash: the command’s own name when an alias was asked, else the word as asked.' }),
    allowed: Type.Boolean({ description: 'Whether the command gate lets the player run it now. The command’s own permission is checked after the gate and is not part of this answer.' }),
    rule: GateRuleSchema,
    group: Type.Union([Type.String(), Type.Null()], { description: 'The permission group whose own list in command-gate.conf decided; null when a world override, the server-wide default or the bypass decided.' }),
    world: Type.Union([Type.String(), Type.Null()], { description: 'The world whose override in command-gate.conf decided (the player’s world); null when a group list, the server-wide default or the bypass decided.' }),
  },
  { $id: 'CommandCheck', additionalProperties: false },
);
export type CommandCheck = Static<typeof CommandCheck>;
