// Schemas of the holograms' answers and requests (TypeBox): validation, types and the OpenAPI
// document come from these. Line text is answered as stored: `&` codes and `{placeholders}` as
// written, before markup and placeholder processing (spec, "Resources and their fields").

import { Type, type Static } from '@sinclair/typebox';
import { LocationAnswer, LocationInput } from '../../core/values/location.ts';
import { PlayerUuid } from '../../core/values/schemas.ts';

/** A hologram name: 1-32 of a-z, 0-9, _ and -. Upper case is accepted and folded to lower case. */
export const HOLOGRAM_NAME = /^[a-z0-9_-]{1,32}$/i;
/** The most lines a hologram holds, and the most characters of one line (as stored). */
export const MAX_LINES = 16;
export const MAX_LINE_LENGTH = 256;
/** The most characters of a bound command (without its leading /). */
export const MAX_COMMAND_LENGTH = 256;

export const HologramName = Type.String({
  pattern: '^[A-Za-z0-9_-]{1,32}$',
  description: 'A hologram name: 1-32 of a-z, 0-9, _ and -, case-insensitive (answered in lower case).',
});

export const LineText = Type.String({
  maxLength: MAX_LINE_LENGTH,
  description: `One line as written: & colour codes and {placeholders} are kept as typed; up to ${MAX_LINE_LENGTH} characters, no line breaks. "" is an empty line.`,
});

export const BoundCommand = Type.Union(
  [Type.String({ minLength: 1, maxLength: MAX_COMMAND_LENGTH, description: 'A command line, with or without its leading /.' }), Type.Null()],
  { description: 'The command a player runs, as themselves, by right-clicking the hologram; null: none.' },
);

export const PlayerRef = Type.Object(
  { 'player-id': Type.String({ format: 'uuid' }), 'player-name': Type.String() },
  { additionalProperties: false },
);
export type PlayerRef = Static<typeof PlayerRef>;

export const Hologram = Type.Object(
  {
    name: Type.String({ description: 'Unique, lower case.' }),
    'owner-id': Type.String({ format: 'uuid' }),
    'owner-name': Type.String(),
    managers: Type.Array(PlayerRef, { description: 'Players who may move it and edit its lines, by name.' }),
    location: LocationAnswer,
    lines: Type.Array(Type.String(), {
      minItems: 1,
      maxItems: MAX_LINES,
      description: 'Top to bottom, as stored (before & markup and {placeholders} are applied).',
    }),
    command: Type.Union([Type.String(), Type.Null()], { description: 'The bound command (without /), or null.' }),
    'created-at': Type.String({ format: 'date-time' }),
    'updated-at': Type.String({ format: 'date-time', description: 'Last change (or the creation).' }),
  },
  { $id: 'Hologram', additionalProperties: false },
);
export type Hologram = Static<typeof Hologram>;

export const HologramList = Type.Object(
  { holograms: Type.Array(Hologram, { description: 'By name.' }), count: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);
export type HologramList = Static<typeof HologramList>;

export const HologramParams = Type.Object({ name: HologramName }, { additionalProperties: false });

/** `actor`: the player the write is performed as (owner, manager, or a holder of core.holo.admin). */
const Actor = { actor: PlayerUuid };

export const CreateHologramBody = Type.Object(
  { ...Actor, name: HologramName, location: LocationInput, line: LineText },
  { additionalProperties: false },
);
export const MoveHologramBody = Type.Object({ ...Actor, location: LocationInput }, { additionalProperties: false });
export const LineEditBody = Type.Object(
  {
    ...Actor,
    line: Type.Optional(Type.Integer({ minimum: 1, description: 'The line to replace or remove, counting from 1; absent: add text at the bottom.' })),
    text: Type.Optional(Type.Union([LineText, Type.Null()], { description: 'The new text; absent or null with a line number: remove that line.' })),
  },
  {
    additionalProperties: false,
    description:
      'No line number adds text at the bottom; a line number with text replaces that line; a line number without text removes it. Removing the last remaining line is refused.',
  },
);
export type LineEdit = { line?: number; text?: string | null };
export const CommandBody = Type.Object({ ...Actor, command: BoundCommand }, { additionalProperties: false });
export const ActorBody = Type.Object(Actor, { additionalProperties: false });
