// Messaging's events: every one of the spec's messaging context.

import { Type } from '@sinclair/typebox';
import { defineEvents, eventPayload, PlayerFields, type PayloadsOf } from '../../core/kernel/events.ts';
import { Body } from './messaging.schemas.ts';

const Id = Type.String({ format: 'uuid' });

export const MESSAGING_EVENTS = defineEvents({
  'messaging.private-message': eventPayload(
    { ...PlayerFields, 'recipient-id': Id, 'recipient-name': Type.String(), body: Body },
    'A private message (/msg, /r or the message route) reached its recipient; the player is the sender.',
  ),
  'messaging.mail-deliver': eventPayload(
    {
      ...PlayerFields,
      'mail-id': Type.Integer({ minimum: 1 }),
      'sender-id': Type.Union([Id, Type.Null()], { description: 'Null: mail from the server.' }),
      'sender-name': Type.Union([Type.String(), Type.Null()], { description: 'Null: mail from the server.' }),
      body: Body,
      'recipient-online': Type.Boolean({ description: 'Whether the recipient was online and told at once (else told at their next join).' }),
    },
    'A mail was put in a player’s mailbox; the player is the recipient.',
  ),
  'messaging.help-op': eventPayload(
    { ...PlayerFields, body: Body, 'staff-told': Type.Integer({ minimum: 0, description: 'Online players holding core.messaging.helpop.receive who were shown it.' }) },
    'A player asked staff for help with /helpop.',
  ),
});

declare module '../../core/kernel/events.ts' {
  interface EventPayloads extends PayloadsOf<typeof MESSAGING_EVENTS> {}
}
