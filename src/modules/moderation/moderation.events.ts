// The moderation events: every one of the spec's moderation context. Sanctions name the player, the
// actor, the reason, the duration and whether the announcement was silent; lifting names whether
// someone lifted it or it expired.

import { Type } from '@sinclair/typebox';
import { defineEvents, eventPayload, PlayerFields, type PayloadsOf } from '../../core/kernel/events.ts';
import { LocationAnswer } from '../../core/values/location.ts';
import { ActorName, JailName, NullableDuration, NullableInstant, NullableReason, Reason } from './moderation.schemas.ts';

const sanction = {
  ...PlayerFields,
  actor: ActorName,
  reason: NullableReason,
  'duration-seconds': NullableDuration,
  'expires-at': NullableInstant,
  silent: Type.Boolean({ description: 'Whether the server-wide announcement was left out.' }),
};
const lifted = {
  ...PlayerFields,
  actor: Type.Union([ActorName, Type.Null()], { description: 'Who lifted it; null when it expired.' }),
  cause: Type.Union([Type.Literal('lifted'), Type.Literal('expired')]),
};
const OtherAccount = Type.Object({ ...PlayerFields }, { additionalProperties: false });

export const MODERATION_EVENTS = defineEvents({
  'moderation.player-tempban': eventPayload(sanction, 'A player was banned: temporary with duration-seconds and expires-at, permanent with both null.'),
  'moderation.player-mute': eventPayload(sanction, 'A player was muted (temporary or permanent).'),
  'moderation.player-unmute': eventPayload(lifted, 'A mute ended: lifted by someone, or expired.'),
  'moderation.player-jail': eventPayload({ ...sanction, jail: JailName }, 'A player was jailed.'),
  'moderation.player-unjail': eventPayload({ ...lifted, jail: JailName }, 'A jail sentence ended: lifted by someone, or expired.'),
  'moderation.player-warn': eventPayload(
    {
      ...PlayerFields,
      actor: ActorName,
      reason: Reason,
      silent: Type.Boolean(),
      warnings: Type.Integer({ minimum: 1, description: 'How many warnings the player has now.' }),
    },
    'A player was warned.',
  ),
  'moderation.ip-ban': eventPayload(
    {
      address: Type.String({ description: 'The banned address.' }),
      actor: ActorName,
      reason: NullableReason,
      'duration-seconds': NullableDuration,
      'expires-at': NullableInstant,
      silent: Type.Boolean(),
      players: Type.Array(OtherAccount, { description: 'The accounts seen from that address.' }),
    },
    'An address was banned: nobody can join from it.',
  ),
  'moderation.alt-detected': eventPayload(
    { ...PlayerFields, alts: Type.Array(OtherAccount, { minItems: 1, description: 'Other accounts seen from the address this player joined from.' }) },
    'A player joined from an address other accounts were seen from.',
  ),
  'moderation.jail-location-define': eventPayload(
    { jail: JailName, location: LocationAnswer, actor: ActorName, replaced: Type.Boolean({ description: 'Whether a jail of that name was moved.' }) },
    'A jail was defined (or moved).',
  ),
  'moderation.jail-location-remove': eventPayload({ jail: JailName, location: LocationAnswer, actor: ActorName }, 'A jail was removed.'),
});

declare module '../../core/kernel/events.ts' {
  interface EventPayloads extends PayloadsOf<typeof MODERATION_EVENTS> {}
}
