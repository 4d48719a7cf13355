-- Records a migration as applied.
insert into schema_migrations (version, name) values ($1, $2)
