// Schemas of the kits' answers and requests (TypeBox): validation, types and the OpenAPI document
// come from these. Item stacks are never part of an answer (the spec): a kit tells how many items
// it holds, not which.

import { Type, type Static } from '@sinclair/typebox';
import { Money, PlayerUuid } from '../../core/values/schemas.ts';

export const KitId = Type.String({
  pattern: '^[A-Za-z0-9_-]{1,32}$',
  description: 'A kit id as kits.conf names it (1-32 of a-z, 0-9, _ and -; read case-insensitively).',
  // One of the kits a default kits.conf holds (starter, vip).
  examples: ['starter'],
});

const Instant = Type.String({ format: 'date-time' });

export const Kit = Type.Object(
  {
    id: KitId,
    name: Type.String({ description: 'The name players read.' }),
    'item-count': Type.Integer({ minimum: 1, description: 'How many items a claim gives, all stacks together (the items themselves are never shown).' }),
    'cooldown-seconds': Type.Integer({ minimum: 0, description: 'Seconds a player waits between two claims; 0: no wait.' }),
    cost: Type.Union([Money, Type.Null()], { description: 'The price of a claim, from the player’s wallet; null: free.' }),
    permission: Type.Union([Type.String(), Type.Null()], { description: 'The permission node a player needs to claim it; null: everyone may.' }),
  },
  { $id: 'Kit', additionalProperties: false },
);
export type Kit = Static<typeof Kit>;

export const KitList = Type.Object({ kits: Type.Array(Kit, { description: 'Every kit of kits.conf, in its order.' }) }, { additionalProperties: false });
export type KitList = Static<typeof KitList>;

export const WhyNot = Type.Union(
  [Type.Literal('player-offline'), Type.Literal('no-permission'), Type.Literal('cooldown'), Type.Literal('insufficient-funds'), Type.Null()],
  {
    description:
      'The first reason a claim would be declined now, in the order a claim checks them: player-offline (declined with player-offline), no-permission and cooldown (declined with refused), insufficient-funds; null when it may claim.',
  },
);

export const PlayerKit = Type.Object(
  {
    kit: Kit,
    'last-claimed-at': Type.Union([Instant, Type.Null()], { description: 'When the player last claimed it; null: never.' }),
    'cooldown-remaining-seconds': Type.Integer({ minimum: 0, description: 'Seconds until the player may claim it again; 0 when ready.' }),
    'can-claim': Type.Boolean({ description: 'Whether a claim now would pass every check: online, permission, cooldown, funds.' }),
    'why-not': WhyNot,
  },
  { additionalProperties: false },
);
export type PlayerKit = Static<typeof PlayerKit>;

export const PlayerKits = Type.Object({ kits: Type.Array(PlayerKit, { description: 'Every kit, with this player’s standing.' }) }, { additionalProperties: false });
export type PlayerKits = Static<typeof PlayerKits>;

const Receiver = {
  'player-id': Type.String({ format: 'uuid' }),
  'player-name': Type.String(),
};

export const KitGiven = Type.Object({ kit: Kit, ...Receiver }, { additionalProperties: false });
export type KitGiven = Static<typeof KitGiven>;

export const KitClaimed = Type.Object(
  {
    kit: Kit,
    ...Receiver,
    paid: Type.Union([Money, Type.Null()], { description: 'What the claim cost; null: free.' }),
    'claimed-at': Instant,
    'next-claim-at': Type.Union([Instant, Type.Null()], { description: 'When the player may claim it again; null: at once (no cooldown).' }),
  },
  { additionalProperties: false },
);
export type KitClaimed = Static<typeof KitClaimed>;

export const KitParams = Type.Object({ id: KitId }, { additionalProperties: false });
export const PlayerKitParams = Type.Object({ uuid: PlayerUuid, id: KitId }, { additionalProperties: false });
