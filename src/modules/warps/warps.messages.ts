// What players read of the warps, in English; the German is in ./warps.messages.de.ts. Operators
// override any of it in data/core/messages/<language>.conf (docs/messages.md).

import { defineMessages } from '../../core/messages/catalogue.ts';
import { WARPS_DE } from './warps.messages.de.ts';

export const WARPS_EN = {
  error: {
    'warps.unknown': 'There is no warp "{warp}". Type /warps to see the warps.',
    'warps.exists': 'There is a warp "{warp}" already: move it with /movewarp {warp}, or choose another name.',
    'warps.denied': 'You may not use the warp "{warp}": it needs the permission {permission}.',
    'warps.denied-other': '{player} may not use the warp "{warp}": it needs the permission {permission}.',
    'warps.offline-other': '{player} is not online.',
    'warps.location-unknown': 'Your location is not known yet: try again in a moment.',
  },
  success: {
    'warps.warped': 'You warped to {warp}.',
    'warps.rated': 'You rated the warp {warp} {stars}/5. It is now rated {rating}.',
    'warps.created': 'You created the warp {warp} where you stand.',
    'warps.created-for': 'You created the warp {warp} where you stand, for holders of {permission}.',
    'warps.moved': 'You moved the warp {warp} to where you stand.',
    'warps.deleted': 'You deleted the warp {warp}.',
  },
  info: {
    'warps.list': 'Warps ({count}):',
    'warps.none': 'There are no warps.',
  },
  plain: {
    'warps.row': '{warp}: {rating}',
    'warps.row-permission': '{warp}: {rating} [{permission}]',
    'warps.rating': '{average}/5 from {count} ratings',
    'warps.rating-one': '{average}/5 from 1 rating',
    'warps.not-rated': 'not rated yet',
  },
} as const;

export const WARPS_MESSAGES = defineMessages('warps', WARPS_EN, { de: WARPS_DE });
export const { msg } = WARPS_MESSAGES;
