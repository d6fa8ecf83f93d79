// What players read of the teleport requests, in English; the German is in ./tpa.messages.de.ts.
// Operators override any of it in data/core/messages/<language>.conf (docs/messages.md).

import { defineMessages } from '../../core/messages/catalogue.ts';
import { TPA_DE } from './tpa.messages.de.ts';

export const TPA_EN = {
  error: {
    'tpa.self': 'You cannot send a teleport request to yourself: name another player.',
    'tpa.none-received': 'You have no pending teleport request to answer.',
    'tpa.none-from': 'You have no pending teleport request from {player}.',
    'tpa.none-sent': 'You have no pending teleport request. Send one with /tpa <player>.',
    'tpa.none-to': 'You have no pending teleport request to {player}.',
    'tpa.expired-yours': 'Your teleport request to {player} has expired. Send another if you still want to.',
    'tpa.expired-theirs': 'The teleport request from {player} has expired.',
    'tpa.not-moved': '{player} was not teleported to you.',
    'tpa.dropped-yours': '{player} left the game, so your teleport request to them was dropped.',
    'tpa.dropped-theirs': '{player} left the game, so their teleport request to you was dropped.',
    'tpa.denied-yours': '{player} denied your teleport request.',
    'tpa.cancelled-theirs': '{player} cancelled their teleport request to you.',
  },
  success: {
    'tpa.sent': 'You sent a teleport request to {player}; it expires in {wait}. Cancel it with /tpacancel.',
    'tpa.accepted': 'You accepted the teleport request from {player}.',
    'tpa.accepted-yours': '{player} accepted your teleport request.',
    'tpa.moved': 'You teleported to {player}.',
    'tpa.came': '{player} teleported to you.',
  },
  info: {
    'tpa.asks-to-come': '{player} asks to teleport to you.',
    'tpa.asks-you': '{player} asks you to teleport to them.',
    'tpa.denied': 'You denied the teleport request from {player}.',
    'tpa.cancelled': 'You cancelled your teleport request to {players}.',
    'tpa.cancelled-many': 'You cancelled your teleport requests to {players}.',
  },
  plain: {
    'tpa.buttons':
      '<click:run:/tpaccept {player}><hover:/tpaccept {player}>&a&l[Accept]</hover></click> <click:run:/tpdeny {player}><hover:/tpdeny {player}>&c&l[Deny]</hover></click> &7(click, or type /tpaccept or /tpdeny; it expires in {wait})',
  },
} as const;

export const TPA_MESSAGES = defineMessages('tpa', TPA_EN, { de: TPA_DE });
export const { msg } = TPA_MESSAGES;
