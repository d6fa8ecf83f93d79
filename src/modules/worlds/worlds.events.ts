// The worlds' events: every one of the spec's world context. Each names the world; those that
// change the registry carry what the world is (generator, seed), entry-denied names the player.

import { Type } from '@sinclair/typebox';
import { defineEvents, eventPayload, PlayerFields, type PayloadsOf } from '../../core/kernel/events.ts';
import { LocationAnswer } from '../../core/values/location.ts';
import { DenialReason, Entry, GameModeSetting, Generator, WorldName } from './worlds.schemas.ts';

const Actor = Type.String({ description: 'Who did it: console, a player’s name, or core-rest/<label>.' });
const world = { world: WorldName, actor: Actor };
const made = { ...world, generator: Generator, seed: Type.Integer() };
const SettingValue = Type.Union([Type.Boolean(), Entry, GameModeSetting, LocationAnswer, Type.Null()]);

export const WORLD_EVENTS = defineEvents({
  'world.create': eventPayload(made, 'A world was created, loaded and taken under management.'),
  'world.load': eventPayload(
    { ...world, 'at-start': Type.Boolean({ description: 'Loaded at server start (load-on-start); actor is then console.' }) },
    'A managed world was loaded.',
  ),
  'world.unload': eventPayload(
    {
      ...world,
      saved: Type.Boolean({ description: 'false: the chunk changes not yet written were dropped.' }),
      'players-moved': Type.Integer({ minimum: 0, description: 'Players moved to the default world’s spawn first.' }),
    },
    'A managed world was unloaded (it stays on disk and managed).',
  ),
  'world.delete': eventPayload(made, 'A managed world was unloaded, its folder removed, and it is no longer managed.'),
  'world.import': eventPayload(made, 'A world folder copied into data/worlds was taken under management and loaded.'),
  'world.adopt': eventPayload(made, 'A loaded world that was not managed (one unregistered earlier; the built-in worlds are managed from the first start) was taken under management; its files were not touched.'),
  'world.unregister': eventPayload(world, 'A world is no longer managed; its files were not touched and it stays loaded if it was.'),
  'world.setting-change': eventPayload(
    {
      ...world,
      setting: Type.Union([
        Type.Literal('load-on-start'),
        Type.Literal('entry'),
        Type.Literal('game-mode'),
        Type.Literal('pvp'),
        Type.Literal('build'),
        Type.Literal('spawn'),
      ]),
      value: SettingValue,
      previous: SettingValue,
    },
    'A setting of a managed world changed.',
  ),
  'world.entry-denied': eventPayload(
    {
      ...PlayerFields,
      world: WorldName,
      reason: DenialReason,
      cause: Type.String({ description: 'What tried to move the player (the teleport cause): world, home, warp, …' }),
    },
    'A teleport into a world the player may not enter was refused.',
  ),
});

declare module '../../core/kernel/events.ts' {
  interface EventPayloads extends PayloadsOf<typeof WORLD_EVENTS> {}
}
