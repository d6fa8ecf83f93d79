// Schemas of messaging's answers and requests (TypeBox): validation, types and the OpenAPI document
// come from these.

import { Type, type Static } from '@sinclair/typebox';
import { PlayerUuid } from '../../core/values/schemas.ts';

/** The longest private message or mail, in characters (as the game's chat line). */
export const MAX_BODY = 256;

export const Body = Type.String({
  minLength: 1,
  maxLength: MAX_BODY,
  description: `The text: 1 to ${MAX_BODY} characters, not only spaces; sent as plain text (no formatting codes).`,
});

const PlayerId = Type.String({ format: 'uuid', description: 'A player uuid, dashed lower case.' });
const NullableId = Type.Union([PlayerId, Type.Null()], { description: 'Null: sent by the server.' });
const NullableName = Type.Union([Type.String(), Type.Null()], { description: 'Null: sent by the server.' });

export const PrivateMessage = Type.Object(
  {
    'from-id': PlayerId,
    'from-name': Type.String(),
    'to-id': PlayerId,
    'to-name': Type.String(),
    body: Body,
    'sent-at': Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type PrivateMessage = Static<typeof PrivateMessage>;

export const Mail = Type.Object(
  {
    id: Type.Integer({ minimum: 1, description: 'The mail’s number (server-wide).' }),
    'from-id': NullableId,
    'from-name': NullableName,
    body: Body,
    'sent-at': Type.String({ format: 'date-time' }),
    read: Type.Boolean({ description: 'Whether the player has read it with /mail read.' }),
  },
  { additionalProperties: false },
);
export type Mail = Static<typeof Mail>;

export const Mailbox = Type.Object(
  {
    'player-id': PlayerId,
    'player-name': Type.String(),
    mail: Type.Array(Mail, { description: 'Every mail in the mailbox, oldest first.' }),
    count: Type.Integer({ minimum: 0 }),
    unread: Type.Integer({ minimum: 0, description: 'Mail not read yet with /mail read.' }),
  },
  { additionalProperties: false },
);
export type Mailbox = Static<typeof Mailbox>;

export const IgnoredPlayer = Type.Object(
  { 'player-id': PlayerId, 'player-name': Type.String(), since: Type.String({ format: 'date-time' }) },
  { additionalProperties: false },
);

export const IgnoreList = Type.Object(
  {
    'player-id': PlayerId,
    'player-name': Type.String(),
    ignores: Type.Array(IgnoredPlayer, { description: 'The players they ignore, in the order they were ignored.' }),
    count: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type IgnoreList = Static<typeof IgnoreList>;

export const MessageBody = Type.Object(
  {
    from: PlayerUuid,
    to: PlayerUuid,
    body: Body,
  },
  { additionalProperties: false },
);

export const MailBody = Type.Object(
  {
    body: Body,
    from: Type.Optional(PlayerUuid),
  },
  { additionalProperties: false },
);
