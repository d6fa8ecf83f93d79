// What players read of the homes, in English; the German is in ./homes.messages.de.ts. Operators
// override any of it in data/core/messages/<language>.conf (docs/messages.md).

import { defineMessages } from '../../core/messages/catalogue.ts';
import { HOMES_DE } from './homes.messages.de.ts';

export const HOMES_EN = {
  error: {
    'homes.empty-slot': 'You have no home in slot {slot}. Set one there with /sethome {slot}.',
    'homes.empty-slot-other': '{player} has no home in slot {slot}.',
    'homes.no-label': 'You have no home named "{home}". Type /homes to see yours.',
    'homes.no-label-other': '{player} has no home named "{home}".',
    'homes.label-taken': 'You already have a home named "{home}" (slot {slot}): choose another name.',
    'homes.beyond-limit': 'You can have homes in slots 1 to {limit}, and slot {slot} is beyond that. Move one with /sethome <slot>, or delete one with /delhome.',
    'homes.not-material': '"{icon}" is not a game material name (such as red_bed, diamond or oak_door).',
    'homes.private': 'That home is private: only its owner can go there.',
    'homes.visit-denied': 'You may not visit the homes of other players (core.home.visit).',
    'homes.never-joined': 'No player named {player} has ever joined this server.',
    'homes.visit-usage': 'Name the home after the colon: /home <player>:<slot|label>',
    'homes.location-unknown': 'Your location is not known yet: try again in a moment.',
    'homes.nothing-deleted': 'You have no home in slot {slot}, so nothing was deleted.',
    'homes.console': 'Name a player: the console has no homes.',
  },
  success: {
    'homes.welcome': 'Welcome home: {home}.',
    'homes.visited': 'Welcome to the home {home} of {player}.',
    'homes.set': 'You set your home {home} at {place}.',
    'homes.now-public': 'Your home {home} is now public: others visit it with /home {player}:{slot}.',
    'homes.now-private': 'Your home {home} is now private.',
    'homes.icon': 'Your home {home} now shows {icon}.',
    'homes.deleted': 'You deleted your home {home}.',
  },
  info: {
    'homes.none-yet': 'You have no home yet. Set one with /sethome.',
    'homes.list-own': 'Your homes ({count} of {limit}):',
    'homes.list-own-empty': 'You have no homes yet (0 of {limit}). Set one with /sethome.',
    'homes.list-of': "{player}'s homes ({count} of {limit}):",
    'homes.list-of-empty': '{player} has no homes.',
    'homes.list-public-of': "{player}'s public homes:",
    'homes.list-public-of-empty': '{player} has no public homes.',
  },
  plain: {
    'homes.row': '{home}: {place} [{icon}, {visibility}]',
    'homes.public': 'public',
    'homes.private-word': 'private',
  },
} as const;

export const HOMES_MESSAGES = defineMessages('homes', HOMES_EN, { de: HOMES_DE });
export const { msg } = HOMES_MESSAGES;
