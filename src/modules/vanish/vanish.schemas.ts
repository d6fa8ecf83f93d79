// Schemas of the vanish answers and requests (TypeBox): validation, types and the OpenAPI document
// come from these.

import { Type, type Static } from '@sinclair/typebox';
import { PlayerFields } from '../../core/kernel/events.ts';
import { PlayerUuid } from '../../core/values/schemas.ts';

export const Level = Type.Integer({
  minimum: 1,
  description: 'The player’s vanish level: the highest core.vanish.level.<n> node they hold, else 1. Only viewers whose see-level is at least this see them while they are vanished.',
});
const Since = Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When they vanished; null when they are not vanished.' });
const Online = Type.Boolean({ description: 'Whether the player is online now.' });

export const VanishStatus = Type.Object(
  {
    ...PlayerFields,
    online: Online,
    hidden: Type.Boolean({ description: 'Whether the player is vanished (kept across rejoins and restarts; an offline player vanished stays so when they join).' }),
    level: Level,
    since: Since,
    'visible-to-viewer': Type.Union([Type.Boolean(), Type.Null()], {
      description:
        'With the viewer query: whether that player may see this one by the vanish rules (true when this one is not vanished, else whether the viewer’s see-level reaches this one’s level; the player always sees themself). Null without viewer.',
    }),
  },
  { $id: 'VanishStatus', additionalProperties: false },
);
export type VanishStatus = Static<typeof VanishStatus>;

export const VanishedPlayer = Type.Object(
  { ...PlayerFields, online: Online, level: Level, since: Type.String({ format: 'date-time', description: 'When they vanished.' }) },
  { additionalProperties: false },
);
export type VanishedPlayer = Static<typeof VanishedPlayer>;

export const VanishList = Type.Object(
  {
    players: Type.Array(VanishedPlayer, { description: 'Every vanished player, online or not, by name.' }),
    count: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type VanishList = Static<typeof VanishList>;

export const VanishQuery = Type.Object(
  { viewer: Type.Optional(PlayerUuid) },
  { additionalProperties: false },
);
export const VanishBody = Type.Object(
  { vanished: Type.Optional(Type.Boolean({ default: true, description: 'true vanishes, false shows the player again (default true).' })) },
  { additionalProperties: false },
);
