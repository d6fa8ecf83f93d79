// Schemas of the NPCs' answers and requests (TypeBox): validation, types and the OpenAPI document
// come from these.

import { Type, type Static } from '@sinclair/typebox';
import { LocationAnswer, LocationInput } from '../../core/values/location.ts';
import { PlayerUuid } from '../../core/values/schemas.ts';

/** An NPC's id: 1-16 of a-z, 0-9, _ and - (16: the game's longest name, since the id may be shown). */
export const NPC_NAME = /^[a-z0-9_-]{1,16}$/i;
/** The longest name shown above an NPC's head (the game's limit for a player's name). */
export const DISPLAY_NAME_MAX = 16;
/** The longest bound command. */
export const COMMAND_MAX = 256;

export const NpcName = Type.String({
  pattern: '^[A-Za-z0-9_-]{1,16}$',
  description: 'An NPC id: 1-16 of a-z, 0-9, _ and -, case-insensitive (answered in lower case).',
});

export const PlayerRef = Type.Object(
  { 'player-id': Type.String({ format: 'uuid' }), 'player-name': Type.String() },
  { additionalProperties: false },
);
export type PlayerRef = Static<typeof PlayerRef>;

export const Npc = Type.Object(
  {
    name: Type.String({ description: 'The NPC id: unique, lower case.' }),
    'owner-id': Type.String({ format: 'uuid' }),
    'owner-name': Type.String(),
    managers: Type.Array(PlayerRef, { description: 'Players who may move, rename, reskin and rebind it (not delete it or change the managers).' }),
    location: LocationAnswer,
    'display-name': Type.Union([Type.String(), Type.Null()], { description: 'The name chosen to show; null: the id is shown.' }),
    'name-hidden': Type.Boolean({ description: 'true: no name shows above its head.' }),
    'shown-name': Type.Union([Type.String(), Type.Null()], { description: 'What players see above its head: display-name, else the id; null when hidden.' }),
    skin: Type.Union([Type.String(), Type.Null()], { description: 'The game account whose skin it wears (copied when set); null: the default skin.' }),
    command: Type.Union([Type.String(), Type.Null()], {
      description: 'The command a player who right-clicks it runs, as that player, without the leading /; {player} and the other placeholders are filled in. null: none.',
    }),
    'created-at': Type.String({ format: 'date-time' }),
    'updated-at': Type.String({ format: 'date-time' }),
  },
  { $id: 'Npc', additionalProperties: false },
);
export type Npc = Static<typeof Npc>;

export const NpcList = Type.Object(
  {
    npcs: Type.Array(Npc, { description: 'By id.' }),
    count: Type.Integer({ minimum: 0 }),
    owner: Type.Union([PlayerRef, Type.Null()], { description: 'The player asked about; null when every NPC is listed.' }),
    limit: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'How many NPCs the owner may own; null when every NPC is listed.' }),
  },
  { additionalProperties: false },
);
export type NpcList = Static<typeof NpcList>;

export const NpcParams = Type.Object({ name: NpcName }, { additionalProperties: false });
export const NpcListQuery = Type.Object({ owner: Type.Optional(PlayerUuid) }, { additionalProperties: false });

/** `actor`: the player the action is performed as (owner, manager, or a holder of core.npc.admin). */
const actor = PlayerUuid;

export const CreateNpcBody = Type.Object({ actor, name: NpcName, location: LocationInput }, { additionalProperties: false });
export const MoveNpcBody = Type.Object({ actor, location: LocationInput }, { additionalProperties: false });
export const NpcSkinBody = Type.Object(
  { actor, skin: Type.Union([Type.String({ pattern: '^[A-Za-z0-9_]{1,16}$', description: 'A game account name.' }), Type.Null()]) },
  { additionalProperties: false },
);
export const NpcNameBody = Type.Object(
  {
    actor,
    name: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: DISPLAY_NAME_MAX }), Type.Null()], { description: 'The name to show; null shows the id again.' })),
    hidden: Type.Optional(Type.Boolean({ description: 'true: show no name (the chosen one is kept for later); false: show it again.' })),
  },
  { additionalProperties: false, description: 'Either name or hidden.' },
);
export const NpcCommandBody = Type.Object(
  { actor, command: Type.Union([Type.String({ minLength: 1, maxLength: COMMAND_MAX }), Type.Null()], { description: 'null unbinds.' }) },
  { additionalProperties: false },
);
export const NpcActorBody = Type.Object({ actor }, { additionalProperties: false });

/** How the shown name changes: a new display name (null: the id), or hidden / shown again; one of the two. */
export interface NameChange {
  name?: string | null;
  hidden?: boolean;
}
