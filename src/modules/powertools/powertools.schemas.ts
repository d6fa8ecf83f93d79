// Schemas of the powertools' answers (TypeBox): validation, types and the OpenAPI document come
// from these. Powertools have no write routes (spec, rule 10 of the writes).

import { Type, type Static } from '@sinclair/typebox';

/** A command as bound: the line a player would type, without its leading `/`. */
export const PowertoolCommand = Type.String({
  minLength: 1,
  maxLength: 255,
  description: 'The command line the item runs, without the leading /, e.g. "warp spawn".',
});

export const Powertool = Type.Object(
  {
    slot: Type.Integer({ minimum: 0, maximum: 35, description: 'Inventory slot holding the item: 0-8 the hotbar, 9-35 the main inventory.' }),
    material: Type.String({ description: 'The game material the command is bound to (e.g. "blaze_rod"): every item of it runs the command.' }),
    command: PowertoolCommand,
  },
  { $id: 'Powertool', additionalProperties: false },
);
export type Powertool = Static<typeof Powertool>;

export const PowertoolList = Type.Object(
  {
    items: Type.Array(Powertool, { description: 'The bound items the player carries, in slot order (hotbar first); empty for an offline player.' }),
    count: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type PowertoolList = Static<typeof PowertoolList>;

export const MaybePowertool = Type.Union([Powertool, Type.Null()], {
  description: 'The main-hand item and what it runs, or null when the hand is empty, its material has no command bound, or the player is offline.',
});
export type MaybePowertool = Static<typeof MaybePowertool>;
