// Schemas of the staff-mode answers (TypeBox): validation, types and the OpenAPI document come from
// these. Staff mode has read routes only (the specification's rule 10).

import { Type, type Static } from '@sinclair/typebox';
import { PlayerFields } from '../../core/kernel/events.ts';

export const ModeName = Type.String({ pattern: '^[a-z0-9_-]{1,16}$', description: 'A staff mode of staff.conf ([modes.<name>]).' });
const Since = Type.String({ format: 'date-time', description: 'When they went on duty (in this mode or an earlier one, without a break).' });

export const StaffStatus = Type.Object(
  {
    ...PlayerFields,
    online: Type.Boolean({ description: 'Whether the player is online now (duty ends when they leave).' }),
    'on-duty': Type.Boolean({ description: 'Whether the player is in staff mode now.' }),
    mode: Type.Union([ModeName, Type.Null()], { description: 'The staff mode they are in; null when not on duty.' }),
    since: Type.Union([Since, Type.Null()], { description: 'When they went on duty; null when not on duty.' }),
  },
  { $id: 'StaffStatus', additionalProperties: false },
);
export type StaffStatus = Static<typeof StaffStatus>;

export const StaffOnDuty = Type.Object({ ...PlayerFields, mode: ModeName, since: Since }, { additionalProperties: false });
export type StaffOnDuty = Static<typeof StaffOnDuty>;

export const StaffList = Type.Object(
  {
    players: Type.Array(StaffOnDuty, { description: 'Everyone in staff mode now, by name.' }),
    count: Type.Integer({ minimum: 0 }),
  },
  { $id: 'StaffList', additionalProperties: false },
);
export type StaffList = Static<typeof StaffList>;

/** The longest staff-chat message, as the game's chat line. */
export const MAX_STAFF_CHAT = 256;
