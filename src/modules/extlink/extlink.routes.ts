// The account links' rows of the route table: reads from both sides, and unlink. No route creates
// a link (the spec's rule 10): a link is made only by redeeming a code from /link.

import { defineRoute } from '../../core/kernel/routes.ts';
import { AccountParams, Binding, MaybeBinding, PlayerParams } from './extlink.schemas.ts';

export const EXTLINK_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/players/:uuid/extlink',
    scope: 'read',
    module: 'extlink',
    params: PlayerParams,
    answer: MaybeBinding,
    summary: 'The external chat-platform account a player is linked to, or null',
    description: 'A player the server has never seen is declined with not-found.',
    example: { answer: { ok: true, data: null }, otherwise: 'That is Steve on a server without a link (a link is made only by redeeming a code from `/link` on the chat platform). A linked player’s answer:' },
    call: (api, { params }) => api.extlink.ofPlayer(params.uuid),
  }),
  defineRoute({
    method: 'GET',
    path: '/extlink/:id',
    scope: 'read',
    module: 'extlink',
    params: AccountParams,
    answer: MaybeBinding,
    summary: 'The player an external account (a snowflake id) is linked to, or null',
    description: 'An id that is not a snowflake (17-20 digits) answers null, not 400.',
    example: { params: { id: '123456789012345678' }, answer: { ok: true, data: null }, otherwise: 'No player is linked to that account here. When one is, the answer is:' },
    call: (api, { params }) => api.extlink.ofAccount(params.id),
  }),
  defineRoute({
    method: 'POST',
    path: '/players/:uuid/extlink/unlink',
    scope: 'write',
    module: 'extlink',
    params: PlayerParams,
    answer: Binding,
    summary: 'Removes a player’s link; answers the binding removed',
    description: 'Declined with not-found when the player is not linked (or never was). Emits extlink.account-unlink.',
    example: {
      answer: { ok: false, code: 'not-found', message: 'Steve is not linked to an external account.' },
      otherwise: 'Steve has no link on the examples’ server. For a linked player, the answer is the binding removed:',
    },
    call: (api, { params, actor }) => api.extlink.unlink(params.uuid, actor),
  }),
];
