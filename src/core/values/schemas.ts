// Schemas every area shares (docs/decisions.md, "HTTP behaviour"), defined once in the kernel: the
// player uuid of paths and queries, paging, and money. Modules build their requests and answers from
// these; the Remote Access Service validates and documents them.

import { FormatRegistry, Type, type Static } from '@sinclair/typebox';

// Answer and event schemas name these formats, and TypeBox checks only registered ones: registered
// here, where the shared schemas load, so every checker (the server, the tests) knows them.
if (!FormatRegistry.Has('uuid')) FormatRegistry.Set('uuid', (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v));
if (!FormatRegistry.Has('date-time')) FormatRegistry.Set('date-time', (v) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d\d-\d\dT/.test(v));

/** A player uuid in a path or query: dashed or undashed, any case; the route receives dashed lower case. */
export const PlayerUuid = Type.String({
  pattern: '^(?:[0-9A-Fa-f]{32}|[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12})$',
  description: 'A player UUID, dashed or undashed, any case. Answers use the dashed lower-case form.',
  'x-player-uuid': true,
});

export const UuidParams = Type.Object({ uuid: PlayerUuid }, { additionalProperties: false });

/** `limit`: default 10, minimum 1, maximum 100. */
export const Limit = Type.Integer({ minimum: 1, maximum: 100, default: 10, description: 'Rows to answer: 1 to 100, default 10.' });
/** `page`: counts from 1; a page holds `limit` rows. */
export const Page = Type.Integer({ minimum: 1, default: 1, description: 'Page number, counting from 1; a page holds `limit` rows.' });

/** Whether a schema is the PlayerUuid shape (its values are normalised before the call). */
export function isPlayerUuidSchema(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && (schema as Record<string, unknown>)['x-player-uuid'] === true;
}

/**
 * An amount of money as every area answers it (a balance, a kit's cost, a warp's fee). The
 * economy module owns the currencies and their decimal places; other areas convert through its
 * published API.
 */
export const Money = Type.Object(
  {
    currency: Type.String({ description: 'Currency name, as configured in economy.conf.' }),
    amount: Type.Number({ description: 'Amount in units of the currency (decimal).' }),
  },
  { $id: 'Money', additionalProperties: false },
);
export type Money = Static<typeof Money>;
