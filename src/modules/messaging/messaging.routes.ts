// Messaging's rows of the route table.

import { defineRoute, EXAMPLE_PLAYERS } from '../../core/kernel/routes.ts';
import { UuidParams } from '../../core/values/schemas.ts';
import { IgnoreList, Mail, MailBody, Mailbox, MessageBody, PrivateMessage } from './messaging.schemas.ts';

export const MESSAGING_ROUTES = [
  defineRoute({
    method: 'POST',
    path: '/messaging/message',
    scope: 'write',
    module: 'messaging',
    body: MessageBody,
    answer: PrivateMessage,
    summary: 'Sends a private message as the `from` player',
    description:
      'player-offline when `to` is offline or vanished from `from`; refused when `from` is muted, when `to` ignores `from`, or when both are the same player; not-found for a player never seen.',
    example: { body: { from: EXAMPLE_PLAYERS.alex.uuid, to: EXAMPLE_PLAYERS.steve.uuid, body: 'See you at spawn at eight!' } },
    call: (api, { body, actor }) => api.messaging.message(body.from, body.to, body.body, actor),
  }),
  defineRoute({
    method: 'GET',
    path: '/players/:uuid/mail',
    scope: 'read',
    module: 'messaging',
    params: UuidParams,
    answer: Mailbox,
    summary: 'A player’s mailbox, oldest first, with the unread count (reading it marks nothing read)',
    example: { needs: 'POST /players/:uuid/mail' },
    call: (api, { params }) => api.messaging.mailbox(params.uuid),
  }),
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/mail',
    scope: 'write',
    module: 'messaging',
    params: UuidParams,
    body: MailBody,
    answer: Mail,
    summary: 'Puts a mail in a player’s mailbox, online or not',
    description:
      'Without `from` the mail is from the server and nothing refuses it. With `from` it is sent as that player: refused when they are muted or ignored by the recipient.',
    call: (api, { params, body, actor }) => api.messaging.sendMail(params.uuid, body.body, body.from ?? null, actor),
  }),
  defineRoute({
    method: 'GET',
    path: '/players/:uuid/ignores',
    scope: 'read',
    module: 'messaging',
    params: UuidParams,
    answer: IgnoreList,
    summary: 'The players a player ignores',
    call: (api, { params }) => api.messaging.ignores(params.uuid),
  }),
];
