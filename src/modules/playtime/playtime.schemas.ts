// Schemas of the playtime answer (TypeBox): validation, types and the OpenAPI document come from it.

import { Type, type Static } from '@sinclair/typebox';

const Seconds = (description: string) => Type.Integer({ minimum: 0, description });
const Instant = (description: string) => Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description });

export const Playtime = Type.Object(
  {
    'total-seconds': Seconds('Whole seconds played, over every session (the current one included): active-seconds + afk-seconds.'),
    'active-seconds': Seconds('Of total-seconds, those played while not away (AFK). All of it when the presence module is off.'),
    'afk-seconds': Seconds('Of total-seconds, those spent online while away (AFK).'),
    sessions: Type.Integer({ minimum: 0, description: 'How many times the player joined since playtime began counting for them.' }),
    online: Type.Boolean(),
    'session-seconds': Type.Union([Seconds('Whole seconds since this session began.'), Type.Null()], {
      description: 'Whole seconds of the current session; null for an offline player.',
    }),
    'session-started-at': Instant('When the current session began (the join); null for an offline player.'),
    'first-join': Type.String({ format: 'date-time', description: 'When the player first joined the server.' }),
    'counted-since': Instant('When playtime began counting for this player (their first join with the playtime module on); null when it never has.'),
  },
  { $id: 'Playtime', additionalProperties: false },
);
export type Playtime = Static<typeof Playtime>;

/** One row of /playtimetop (no route reads it). */
export interface PlaytimeRank {
  uuid: string;
  name: string;
  activeSeconds: number;
  totalSeconds: number;
}
