import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';

/** What drizzle hands a prepared select: each selected field with its path in the result object. */
export interface SelectedField {
  path: string[];
  field: unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

interface Plan {
  index: number;
  decoder: Decoder;
  /** The nested object it belongs to (`{ c: comments }` → 'c'), or null for a top-level key. */
  object: string | null;
  key: string;
  /** For a table column inside a nested object: its table, to null the object of an unmatched left join. */
  table: string | null;
}

/** `decoder` is internal to drizzle's SQL class. */
type WithDecoder = { decoder: Decoder };

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as WithDecoder).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: WithDecoder } })._.sql.decoder;
  return (field as { sql: WithDecoder }).sql.decoder;
}

/**
 * A row mapper for one prepared select, planned once instead of on every cell. It builds the same
 * objects as drizzle's own `mapResultRow` (same decoders, same nesting, the same rule for turning
 * the object of an unmatched left join into null), which, for every cell of every row, checks the
 * field's class, walks its path with an iterator and looks up its table: a fifth of the server's
 * CPU on a 100-comment thread. Paths deeper than one nested object keep drizzle's mapper (null).
 */
export function compileRowMapper(
  fields: SelectedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): ((rows: unknown[][]) => Record<string, unknown>[]) | null {
  if (fields.some((f) => f.path.length < 1 || f.path.length > 2)) return null;
  const plans: Plan[] = fields.map(({ path, field }, index) => ({
    index,
    decoder: decoderOf(field),
    object: path.length === 2 ? path[0]! : null,
    key: path[path.length - 1]!,
    table: joinsNotNullableMap && path.length === 2 && is(field, Column) ? getTableName(field.table) : null,
  }));
  const nullable = joinsNotNullableMap ?? {};
  const checksJoins = plans.some((p) => p.table !== null);

  const mapRow = (row: unknown[]): Record<string, unknown> => {
    const result: Record<string, unknown> = {};
    // Per nested object: the table of its first column while that column was null, else false.
    const unmatched: Record<string, string | false> | null = checksJoins ? {} : null;
    for (const p of plans) {
      const raw = row[p.index];
      const value = raw === null ? null : p.decoder.mapFromDriverValue(raw);
      if (p.object === null) {
        result[p.key] = value;
        continue;
      }
      let node = result[p.object] as Record<string, unknown> | undefined;
      if (node === undefined) node = result[p.object] = {};
      node[p.key] = value;
      if (p.table !== null) {
        const seen = unmatched![p.object];
        if (seen === undefined) unmatched![p.object] = value === null ? p.table : false;
        else if (typeof seen === 'string' && seen !== p.table) unmatched![p.object] = false;
      }
    }
    if (unmatched) {
      for (const object in unmatched) {
        const table = unmatched[object];
        if (typeof table === 'string' && !nullable[table]) result[object] = null;
      }
    }
    return result;
  };
  return (rows) => rows.map(mapRow);
}

/** Gives a prepared select (node-postgres or PGlite) the planned mapper; other prepared queries stay as they are. */
export function usePlannedMapper<Q>(prepared: Q): Q {
  const q = prepared as unknown as {
    fields?: SelectedField[];
    joinsNotNullableMap?: Record<string, boolean>;
    customResultMapper?: unknown;
  };
  if (q && Array.isArray(q.fields) && q.customResultMapper === undefined) {
    const mapper = compileRowMapper(q.fields, q.joinsNotNullableMap);
    if (mapper) q.customResultMapper = mapper;
  }
  return prepared;
}
