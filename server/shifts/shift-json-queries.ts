import { type SQL, sql } from "drizzle-orm";
import type { Shift } from "../../common/shifts";
import { privateFields, shiftFields } from "./shift-json";

// Apart from queries.ts because the hub listing (server/hubs/queries.ts) builds its shifts' JSON
// with it too, in the same statement, and must answer exactly what the shift endpoints answer.

/**
 * toShift's JSON built by PostgreSQL (json_build_object) from a shifts row under the alias `as`:
 * a year of shifts is large, and parsing rows into objects only to serialise them again was costly.
 */
export function shiftJsonSql(as: string, { colleague }: { colleague: boolean }): SQL {
  const pairs = Object.entries(shiftFields).map(([key, column]) => {
    const ref = sql`${sql.identifier(as)}.${sql.identifier(column.name)}`;
    let value: SQL = ref;
    if (colleague && privateFields.includes(key as keyof Shift)) value = sql`null`;
    else if (key === "date") value = sql`to_char(${ref}, 'YYYY-MM-DD')`;
    else if (key === "createdAt") value = sql`to_char(${ref} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    return sql`${sql.raw(`'${key}'`)}, ${value}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}
