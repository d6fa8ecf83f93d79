// The account links' events: a player bound to an external account, and unbound.

import { Type } from '@sinclair/typebox';
import { defineEvents, eventPayload, PlayerFields, type PayloadsOf } from '../../core/kernel/events.ts';
import { AccountId } from './extlink.schemas.ts';

const Actor = Type.String({ description: 'Who did it: the player’s name, console, or core-rest/<label>.' });

export const EXTLINK_EVENTS = defineEvents({
  'extlink.account-link': eventPayload(
    { ...PlayerFields, 'account-id': AccountId, actor: Actor },
    'A player was linked to an external account (a code from /link was redeemed).',
  ),
  'extlink.account-unlink': eventPayload(
    { ...PlayerFields, 'account-id': AccountId, actor: Actor },
    'A player’s link to an external account was removed (/unlink, /extlink unlink or the unlink route).',
  ),
});

declare module '../../core/kernel/events.ts' {
  interface EventPayloads extends PayloadsOf<typeof EXTLINK_EVENTS> {}
}
