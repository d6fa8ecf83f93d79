// The location value shape shared by every area (homes, warps, player warps, teleport, NPCs,
// holograms): one schema for requests (yaw and pitch optional, default 0) and one for answers.

import { Type, type Static } from '@sinclair/typebox';
import type { CreateTableBuilder } from 'kysely';
import type { GamePlatform, Location } from '../../platform/platform.ts';
import { InvalidInput } from './invalid-input.ts';
import { col } from '../storage/tables.ts';

const Coordinate = Type.Number({ minimum: -30_000_000, maximum: 30_000_000 });
const Angle = Type.Number({ minimum: -360, maximum: 360 });

/** A location in a request: world, x, y and z are needed (all three coordinates or it is 400). */
export const LocationInput = Type.Object(
  {
    world: Type.String({ minLength: 1, maxLength: 64, description: 'World name, as GET /worlds lists it.' }),
    x: Coordinate,
    y: Coordinate,
    z: Coordinate,
    yaw: Type.Optional(Angle),
    pitch: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
  },
  { additionalProperties: false, description: 'A location; yaw and pitch default to 0.' },
);
export type LocationInput = Static<typeof LocationInput>;

/** A location in an answer: every field present. */
export const LocationAnswer = Type.Object(
  { world: Type.String(), x: Type.Number(), y: Type.Number(), z: Type.Number(), yaw: Type.Number(), pitch: Type.Number() },
  { additionalProperties: false },
);
export type LocationAnswer = Static<typeof LocationAnswer>;

/**
 * The full location of a request, checked against the worlds the server has loaded: an unknown
 * world is bad input naming `field` (e.g. "world", or "location" for a nested one).
 */
export function toLocation(platform: GamePlatform, input: LocationInput, field = 'world'): Location {
  if (!platform.worlds().includes(input.world)) {
    throw new InvalidInput(field, `There is no world "${input.world}"; the worlds are ${platform.worlds().join(', ')}.`);
  }
  return { world: input.world, x: input.x, y: input.y, z: input.z, yaw: input.yaw ?? 0, pitch: input.pitch ?? 0 };
}

/**
 * Adds the six columns of a stored location (world, x, y, z, yaw, pitch) to a table being created:
 * `db.schema.createTable('t').addColumn(…).$call(withLocationColumns)`. A Location's fields are the
 * column names, so `{ ...location }` writes them.
 */
export function withLocationColumns<T extends CreateTableBuilder<string, never>>(table: T): T {
  return table
    .addColumn('world', 'varchar(64)', (c) => c.notNull())
    .addColumn('x', 'double precision', (c) => c.notNull())
    .addColumn('y', 'double precision', (c) => c.notNull())
    .addColumn('z', 'double precision', (c) => c.notNull())
    .addColumn('yaw', 'double precision', (c) => c.notNull())
    .addColumn('pitch', 'double precision', (c) => c.notNull()) as T;
}

/** The six columns `withLocationColumns` makes, as a table declares them (src/core/storage/tables.ts): `{ ...LOCATION_COLUMNS }`. */
export const LOCATION_COLUMNS = { world: col.text(), x: col.double(), y: col.double(), z: col.double(), yaw: col.double(), pitch: col.double() };

/** The location held in a row's six location columns (PostgreSQL may answer numbers as text). */
export function locationOfRow(r: Record<string, unknown>): Location {
  return { world: String(r.world), x: Number(r.x), y: Number(r.y), z: Number(r.z), yaw: Number(r.yaw), pitch: Number(r.pitch) };
}
