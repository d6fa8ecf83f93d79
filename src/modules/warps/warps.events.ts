// The warps' events: every one of the spec's warp context.

import { Type } from '@sinclair/typebox';
import { defineEvents, eventPayload, type PayloadsOf } from '../../core/kernel/events.ts';
import { LocationAnswer } from '../../core/values/location.ts';
import { WarpName, WarpPermission } from './warps.schemas.ts';

const Actor = Type.String({ description: 'Who did it: console, a player name, or core-rest/<label>.' });
const warp = { name: WarpName, location: LocationAnswer, permission: WarpPermission, actor: Actor };

export const WARP_EVENTS = defineEvents({
  'warp.create': eventPayload(warp, 'A warp was created.'),
  'warp.delete': eventPayload(warp, 'A warp was deleted, with its ratings.'),
});

declare module '../../core/kernel/events.ts' {
  interface EventPayloads extends PayloadsOf<typeof WARP_EVENTS> {}
}
