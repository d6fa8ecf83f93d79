// Schemas of the known-players answers (TypeBox): the published API's types, the validation of the
// Remote Access Service's `/players` routes and their OpenAPI document come from these.

import { Type, type Static } from '@sinclair/typebox';

/** A Minecraft account name: 1-16 of a-z, A-Z, 0-9 and _. */
export const PLAYER_NAME_PATTERN = '^[A-Za-z0-9_]{1,16}$';

export const PlayerName = Type.String({
  minLength: 1,
  maxLength: 16,
  pattern: PLAYER_NAME_PATTERN,
  description: 'A player name: 1-16 of a-z, A-Z, 0-9 and _, matched whatever the case.',
});

const PlayerId = Type.String({ format: 'uuid', description: 'The player UUID, dashed lower case.' });

export const OnlinePlayerAnswer = Type.Object(
  {
    uuid: PlayerId,
    name: Type.String({ description: 'The name the player logged in with, in its own case.' }),
    world: Type.String({ description: 'The world the player is in: world, world_nether, world_the_end or a managed world’s folder name.' }),
    ping: Type.Integer({
      minimum: 0,
      description: 'Milliseconds of the last keep-alive round trip the server measured (every 4 s); 0 until the first, in the first seconds after joining.',
    }),
    since: Type.String({ format: 'date-time', description: 'When the player joined, in this session.' }),
  },
  { $id: 'OnlinePlayer', additionalProperties: false },
);
export type OnlinePlayerAnswer = Static<typeof OnlinePlayerAnswer>;

export const OnlinePlayerList = Type.Object(
  {
    players: Type.Array(OnlinePlayerAnswer, { description: 'By name, whatever the case.' }),
    count: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type OnlinePlayerList = Static<typeof OnlinePlayerList>;

export const KnownPlayerAnswer = Type.Object(
  {
    uuid: PlayerId,
    name: Type.String({ description: 'The name as the server knows it: in the case the player last joined with.' }),
    online: Type.Boolean({ description: 'Whether the player is online now, on this server or another server of the network.' }),
    server: Type.Union([Type.String(), Type.Null()], {
      description: "The server of the network the player is on now (network.conf's server-name); null when offline.",
    }),
    'first-seen': Type.String({ format: 'date-time', description: 'The first join.' }),
    'last-seen': Type.String({ format: 'date-time', description: 'The last join or leave (or the server’s stop while online).' }),
  },
  { $id: 'KnownPlayer', additionalProperties: false },
);
export type KnownPlayerAnswer = Static<typeof KnownPlayerAnswer>;

export const PlayerNameParams = Type.Object({ name: PlayerName }, { additionalProperties: false });
