// Schemas of the scoreboard's answers and requests (TypeBox): validation, types and the OpenAPI
// document come from these. The tab list and nametags are refreshed but never read (spec, rule 10 of
// writes): their refresh answers name the player only.

import { Type, type Static } from '@sinclair/typebox';
import { PlayerFields } from '../../core/kernel/events.ts';

export const SidebarStatus = Type.Object(
  {
    ...PlayerFields,
    online: Type.Boolean({ description: 'Whether the player is online now.' }),
    hidden: Type.Union([Type.Boolean(), Type.Null()], {
      description:
        'Whether the player has hidden the sidebar (the durable preference /sidebar and POST /players/{uuid}/scoreboard write); null for an offline player.',
    }),
  },
  { $id: 'SidebarStatus', additionalProperties: false },
);
export type SidebarStatus = Static<typeof SidebarStatus>;

export const SidebarBody = Type.Object(
  { hidden: Type.Optional(Type.Boolean({ default: true, description: 'true hides the sidebar, false shows it again (default true).' })) },
  { additionalProperties: false },
);

export const Refreshed = Type.Object(
  { ...PlayerFields },
  { $id: 'ScreenRefreshed', additionalProperties: false, description: 'The player whose screen was drawn again.' },
);
export type Refreshed = Static<typeof Refreshed>;
