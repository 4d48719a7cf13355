-- GET /v2/orders lists an environment's orders newest first: created_at, then id in byte order
-- (collation "C", as the journal compares ids), so a page continues exactly after its cursor.
create index orders_environment_created on orders (environment, created_at desc, (id collate "C") desc);
