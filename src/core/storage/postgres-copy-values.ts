// The values of an SQLite row made fit for the PostgreSQL column they are copied into
// (`core copy-to-postgres`, src/core/storage/postgres-copy.ts). SQLite keeps any value in any column, and
// integers up to 64 bits, while PostgreSQL checks each column's type: a value PostgreSQL would refuse
// is caught here, so the operator is told the table, column and row instead of a bare SQL error,
// and nothing is copied at all (the copy is one transaction).

/** A value as node:sqlite reads it with big integers on: every integer is a bigint. */
export type SqliteValue = null | bigint | number | string | Uint8Array;

/** A PostgreSQL column as information_schema describes it. */
export interface TargetColumn {
  name: string;
  /** information_schema's data_type: `integer`, `character varying`, `double precision`, … */
  type: string;
  /** The most characters a varchar/char column holds, or null. */
  maxLength: number | null;
}

const INT_RANGE: Record<string, readonly [bigint, bigint]> = {
  smallint: [-32768n, 32767n],
  integer: [-2147483648n, 2147483647n],
  bigint: [-9223372036854775808n, 9223372036854775807n],
};

/** Why a value cannot go into the column, thrown by `toPostgres`. */
export class ValueMismatch extends Error {}

function integral(value: SqliteValue, column: TargetColumn): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return BigInt(value.trim());
  throw new ValueMismatch(`holds ${describe(value)}, which is not a whole number (the column is ${column.type})`);
}

function describe(value: SqliteValue): string {
  if (value instanceof Uint8Array) return `${value.length} bytes`;
  if (typeof value === 'string') return `a text of ${[...value].length} characters`;
  return String(value);
}

function text(value: SqliteValue): string {
  const s = value instanceof Uint8Array ? Buffer.from(value).toString('utf8') : String(value);
  // PostgreSQL's text cannot hold the NUL character; SQLite's can.
  if (s.includes('\u0000')) throw new ValueMismatch('holds a NUL character, which PostgreSQL text cannot store');
  return s;
}

/**
 * The value to bind for `column`, or a ValueMismatch naming what does not fit. Integers go as
 * decimal text, so 64-bit values keep every digit on their way through JavaScript.
 */
export function toPostgres(value: SqliteValue, column: TargetColumn): unknown {
  if (value === null) return null;
  const range = INT_RANGE[column.type];
  if (range !== undefined) {
    const n = integral(value, column);
    if (n < range[0] || n > range[1]) throw new ValueMismatch(`holds ${n}, out of the range of a PostgreSQL ${column.type} column`);
    return n.toString();
  }
  switch (column.type) {
    case 'boolean':
      if (value === 0n || value === 1n || value === 0 || value === 1) return Number(value) === 1;
      if (value === 'true' || value === 'false') return value === 'true';
      throw new ValueMismatch(`holds ${describe(value)}, which is not a boolean (0 or 1)`);
    case 'numeric':
      return typeof value === 'bigint' || typeof value === 'number' ? value.toString() : text(value);
    case 'double precision':
    case 'real':
      if (typeof value === 'bigint') return Number(value);
      if (typeof value === 'number') return value;
      throw new ValueMismatch(`holds ${describe(value)}, which is not a number (the column is ${column.type})`);
    case 'bytea':
      return value instanceof Uint8Array ? Buffer.from(value) : Buffer.from(String(value), 'utf8');
    case 'character varying':
    case 'character':
    case 'text': {
      const s = text(value);
      if (column.maxLength !== null && [...s].length > column.maxLength) {
        throw new ValueMismatch(`holds a text of ${[...s].length} characters; the PostgreSQL column holds at most ${column.maxLength}`);
      }
      return s;
    }
    default:
      // uuid, json, jsonb, timestamps…: PostgreSQL reads them from their text.
      return typeof value === 'bigint' ? value.toString() : value instanceof Uint8Array ? Buffer.from(value) : typeof value === 'string' ? text(value) : value;
  }
}
