-- Which numbered migration files (migrations/NNN_name.sql) this database has applied.
create table if not exists schema_migrations (
  version    integer     primary key,  -- the file's number
  name       text        not null,     -- the file's name, e.g. 001_orders.sql
  applied_at timestamptz not null default now()
)
