import type pg from "pg";

export type TableInfo = { name: string; columns: string[] };
export type SequenceValue = { name: string; value: string; isCalled: boolean };

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const qualified = (name: string) => `public.${ident(name)}`;
export const columnList = (columns: string[]) => columns.map(ident).join(", ");

/**
 * Tables a backup leaves out: the change log only tells running caches what changed in the last
 * hour, and a restored database starts with none of their entries.
 */
const NOT_BACKED_UP = ["change_log"];

/**
 * The app's tables in an order that loads without breaking a foreign key: every table after the
 * tables it references. Generated columns are left out (PostgreSQL computes them again).
 */
export async function appTables(client: pg.ClientBase): Promise<TableInfo[]> {
  const { rows: tables } = await client.query<{ name: string; columns: string[] }>(
    `
    select c.relname as name,
           array_agg(a.attname::text order by a.attnum) as columns
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname <> all($1::text[])
     group by c.relname
     order by c.relname`,
    [NOT_BACKED_UP],
  );
  const { rows: refs } = await client.query<{ child: string; parent: string }>(`
    select distinct c.relname as child, p.relname as parent
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_class p on p.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = 'public' and c.relname <> p.relname`);
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const byName = new Map(tables.map((t) => [t.name, t]));
  const visit = (name: string, path: Set<string>) => {
    if (placed.has(name) || path.has(name)) return;
    path.add(name);
    for (const ref of refs) if (ref.child === name) visit(ref.parent, path);
    placed.add(name);
    const table = byName.get(name);
    if (table) ordered.push(table);
  };
  for (const t of tables) visit(t.name, new Set());
  return ordered;
}

export async function sequenceValues(client: pg.ClientBase): Promise<SequenceValue[]> {
  const { rows } = await client.query<{ name: string }>(
    "select sequencename as name from pg_sequences where schemaname = 'public' order by 1",
  );
  const values: SequenceValue[] = [];
  for (const { name } of rows) {
    const { rows: v } = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${qualified(name)}`,
    );
    values.push({ name, value: v[0].last_value, isCalled: v[0].is_called });
  }
  return values;
}
