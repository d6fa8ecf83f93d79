// Schemas of the regions' answers and requests (TypeBox): validation, types and the OpenAPI document
// come from these.

import { Type, type Static } from '@sinclair/typebox';

/** A region id: 1-32 of a-z, 0-9, _ and -, unique in its world; typed in any case, kept in lower case. */
export const REGION_ID_PATTERN = '^[a-z0-9_-]{1,32}$';
export const MAX_PRIORITY = 1_000_000;

/** A world name as the worlds have them (a folder name, or a built-in level name such as `world`). */
export const WorldName = Type.String({ minLength: 1, maxLength: 32, pattern: '^[a-z0-9_-]+$', description: 'A world name.' });

export const RegionId = Type.String({
  minLength: 1,
  maxLength: 32,
  pattern: REGION_ID_PATTERN,
  description: 'A region id: 1-32 of a-z, 0-9, _ and -, unique in its world.',
});
export const Priority = Type.Integer({
  minimum: -MAX_PRIORITY,
  maximum: MAX_PRIORITY,
  description: 'Higher wins where regions overlap; 0 unless given.',
});
const Block = Type.Object(
  { x: Type.Integer(), y: Type.Integer(), z: Type.Integer() },
  { additionalProperties: false, description: 'A block position: the region includes this block.' },
);

export const Region = Type.Object(
  {
    id: RegionId,
    world: Type.String(),
    priority: Priority,
    min: Block,
    max: Block,
    volume: Type.Integer({ minimum: 1, description: 'Blocks in the cuboid.' }),
    'created-at': Type.String({ format: 'date-time' }),
  },
  { $id: 'Region', additionalProperties: false, description: 'A cuboid from min to max, both corners included.' },
);
export type Region = Static<typeof Region>;

export const RegionList = Type.Object(
  {
    world: Type.String(),
    regions: Type.Array(Region, { description: 'Highest priority first; equal priorities by id.' }),
  },
  { additionalProperties: false },
);
export type RegionList = Static<typeof RegionList>;

export const RegionSupport = Type.Object(
  { installed: Type.Boolean({ description: 'Whether the regions module is on.' }) },
  { additionalProperties: false },
);

export const WorldRegionsParams = Type.Object({ name: WorldName }, { additionalProperties: false });
export const RegionParams = Type.Object({ name: WorldName, id: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });
export const PointQuery = Type.Object(
  {
    x: Type.Optional(Type.Number({ description: 'With y and z: only the regions covering this point.' })),
    y: Type.Optional(Type.Number()),
    z: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
);
