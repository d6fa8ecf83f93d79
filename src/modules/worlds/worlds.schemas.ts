// Schemas of the worlds' answers and requests (TypeBox): validation, types and the OpenAPI document
// come from these.

import { Type, type Static } from '@sinclair/typebox';
import { LocationAnswer } from '../../core/values/location.ts';
import { PlayerUuid } from '../../core/values/schemas.ts';

/** The platform's world-name rule (src/platform/worlds.ts worldNameProblem), as a schema. */
export const WorldName = Type.String({
  minLength: 1,
  maxLength: 32,
  pattern: '^[a-z0-9_-]+$',
  description: 'A world name: its folder under data/worlds (or a built-in level name such as `world`): 1-32 of a-z, 0-9, _ and -.',
  examples: ['world'],
});

export const ENTRY_RULES = ['open', 'permission', 'closed'] as const;
export type EntryRule = (typeof ENTRY_RULES)[number];
export const Entry = Type.Union(
  ENTRY_RULES.map((r) => Type.Literal(r)),
  {
    description:
      'Who may enter: open (everyone), permission (holders of core.worlds.enter.<name>), closed (nobody). Holders of core.worlds.enter.bypass enter any loaded world.',
  },
);

export const GameModeSetting = Type.Union(
  [Type.Literal('survival'), Type.Literal('creative'), Type.Literal('adventure'), Type.Literal('spectator'), Type.Null()],
  { description: 'The game mode a player is put in on entering the world; null leaves it as it is.' },
);

export const WorldSettings = Type.Object(
  {
    'load-on-start': Type.Boolean({ description: 'Loaded when the server starts.' }),
    entry: Entry,
    'game-mode': GameModeSetting,
    pvp: Type.Boolean({ description: 'Whether players may hurt each other in the world.' }),
    build: Type.Boolean({ description: 'Whether players may break and place blocks (holders of core.worlds.build.bypass always may).' }),
    spawn: Type.Union([LocationAnswer, Type.Null()], { description: 'Where /world tp puts a player; null: the world’s own spawn.' }),
  },
  { additionalProperties: false },
);
export type WorldSettings = Static<typeof WorldSettings>;
export type SettingKey = keyof WorldSettings;
export const SETTING_KEYS: readonly SettingKey[] = ['load-on-start', 'entry', 'game-mode', 'pvp', 'build', 'spawn'];

export const Generator = Type.Union([Type.Literal('flat'), Type.Literal('default'), Type.Literal('nether')], {
  description: 'flat: grass on dirt on bedrock; default: the server’s terrain; nether: the built-in nether.',
});

export const World = Type.Object(
  {
    name: WorldName,
    generator: Generator,
    seed: Type.Integer(),
    loaded: Type.Boolean(),
    'built-in': Type.Boolean({ description: 'The default world or the nether: always loaded, never unloaded or deleted.' }),
    players: Type.Integer({ minimum: 0, description: 'Players in the world now (0 when it is not loaded).' }),
    settings: WorldSettings,
    'managed-since': Type.String({ format: 'date-time', description: 'When it was created, imported or adopted.' }),
    'updated-at': Type.String({ format: 'date-time', description: 'Last change of a setting.' }),
  },
  { $id: 'World', additionalProperties: false },
);
export type World = Static<typeof World>;

export const WorldList = Type.Object(
  {
    worlds: Type.Array(World, { description: 'Every managed world, by name.' }),
    count: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type WorldList = Static<typeof WorldList>;

export const DENIAL_REASONS = ['not-loaded', 'closed', 'no-permission'] as const;
export type DenialReason = (typeof DENIAL_REASONS)[number];
export const DenialReason = Type.Union(
  DENIAL_REASONS.map((r) => Type.Literal(r)),
  { description: 'not-loaded: the world is not loaded; closed: its entry is closed; no-permission: it needs core.worlds.enter.<name>.' },
);

export const WorldAccess = Type.Object(
  {
    world: WorldName,
    'player-id': Type.String({ format: 'uuid' }),
    'player-name': Type.String(),
    allowed: Type.Boolean(),
    reason: Type.Union([DenialReason, Type.Null()], { description: 'Why not; null when allowed.' }),
    message: Type.Union([Type.String(), Type.Null()], { description: 'The sentence the player is told when refused; null when allowed.' }),
  },
  { additionalProperties: false },
);
export type WorldAccess = Static<typeof WorldAccess>;

export const WorldParams = Type.Object({ name: WorldName }, { additionalProperties: false });
export const AccessQuery = Type.Object({ player: PlayerUuid }, { additionalProperties: false });
export const UnloadBody = Type.Object(
  {
    save: Type.Optional(
      Type.Boolean({
        default: true,
        description: 'false drops the chunk changes not yet written (chunks are written about every second as they change).',
      }),
    ),
  },
  { additionalProperties: false },
);
