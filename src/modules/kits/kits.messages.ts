// What players read of the kits, in English; the German is in ./kits.messages.de.ts. Operators
// override any of it in data/core/messages/<language>.conf (docs/messages.md).

import { defineMessages } from '../../core/messages/catalogue.ts';
import { KITS_DE } from './kits.messages.de.ts';

export const KITS_EN = {
  error: {
    'kits.unknown': 'There is no kit "{kit}". The kits are {kits}.',
    'kits.none': 'There is no kit "{kit}": this server has no kits.',
    'kits.offline': '{player} is not online: a kit goes into the inventory of a player in the game.',
    'kits.no-room': 'Your inventory has no room for the kit {kit} ({count} items): make room, then claim it again.',
    'kits.no-room-other': "{player}'s inventory has no room for the kit {kit} ({count} items); nothing was given.",
    'kits.no-permission': 'You may not claim the kit {kit}: it needs the permission {permission}.',
    'kits.cooldown': 'You can claim the kit {kit} again in {wait}.',
    'kits.cannot-afford': 'The kit {kit} costs {cost}, and you hold {balance}.',
    'kits.console': 'The console claims no kits: give one with /kit give <player> <id>.',
  },
  success: {
    'kits.claimed': 'You claimed the kit {kit}.',
    'kits.claimed-paid': 'You claimed the kit {kit} for {cost}.',
    'kits.received': 'You received the kit {kit}.',
    'kits.given': 'You gave the kit {kit} to {player}.',
  },
  info: {
    'kits.list': 'Kits:',
    'kits.list-empty': 'There are no kits.',
  },
  plain: {
    'kits.row': '{id} ({kit}): {count} items, {cost}, every {cooldown}',
    'kits.row-standing': '{id} ({kit}): {count} items, {cost} - {standing}',
    'kits.free': 'free',
    'kits.ready': 'ready',
    'kits.ready-in': 'in {wait}',
    'kits.not-online': 'offline',
    'kits.not-yours': 'not yours',
    'kits.too-dear': 'you cannot afford it',
    'kits.not-now': 'not now',
  },
} as const;

export const KITS_MESSAGES = defineMessages('kits', KITS_EN, { de: KITS_DE });
export const { msg } = KITS_MESSAGES;
