import pg from "pg";

/** The role the app's queries run as on the embedded database: owns the schema, nothing more. */
export const APP_ROLE = "crewswap";

// Everything the migrations made (tables with their identity sequences, standalone sequences, enums)
// moves to the app's role, also on a data directory from before this role existed.
const HAND_OVER = `
do $$
declare stmt text;
begin
  for stmt in
    select format('alter table %I.%I owner to ${APP_ROLE}', n.nspname, c.relname)
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p') and c.relowner <> '${APP_ROLE}'::regrole
    union all
    select format('alter sequence %I.%I owner to ${APP_ROLE}', n.nspname, c.relname)
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('public', 'drizzle') and c.relkind = 'S' and c.relowner <> '${APP_ROLE}'::regrole
       and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i'))
    union all
    select format('alter type %I.%I owner to ${APP_ROLE}', n.nspname, t.typname)
      from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = 'public' and t.typtype = 'e' and t.typowner <> '${APP_ROLE}'::regrole
  loop
    execute stmt;
  end loop;
  alter schema public owner to ${APP_ROLE};
  if exists (select from pg_namespace where nspname = 'drizzle') then
    alter schema drizzle owner to ${APP_ROLE};
  end if;
end $$`;

/**
 * Run as the superuser after the migrations: makes sure the app's login role exists with the
 * password kept in DATA_DIR, is no superuser, and owns the schema and everything in it.
 */
export async function handOverToAppRole(admin: pg.Pool, password: string): Promise<void> {
  await admin.query(
    `do $$ begin if not exists (select from pg_roles where rolname = '${APP_ROLE}') then create role ${APP_ROLE}; end if; end $$`,
  );
  await admin.query(
    `alter role ${APP_ROLE} with login nosuperuser nocreatedb nocreaterole noreplication nobypassrls password ${pg.escapeLiteral(password)}`,
  );
  await admin.query(HAND_OVER);
}
