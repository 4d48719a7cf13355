-- The migrations this database has applied.
select version, name from schema_migrations order by version
