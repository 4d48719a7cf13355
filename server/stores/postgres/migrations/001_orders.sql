-- Orders accepted by POST /v2/orders: the API body plus who created it and how, the same fields as
-- a journal line (StoredOrder in src/api/orders/deps.ts), so GET, idempotent replays and analysts
-- see the same order whichever store holds it.
create table orders (
  id              text        primary key,  -- ord_ + 24 base62 characters
  customer        text        not null,
  lines           json        not null,     -- [{sku, qty}] exactly as sent (json keeps key order; jsonb would not)
  livemode        boolean     not null,     -- true only for production keys
  created_at      timestamptz not null,     -- millisecond precision, from the server's clock
  key_id          text        not null,     -- the API key that created it
  environment     text        not null check (environment in ('production', 'sandbox', 'staging')),
  idempotency_key text,                     -- the Idempotency-Key it was created with, else null
  request_sha256  text                      -- hex SHA-256 of the request body, only with an Idempotency-Key
);

-- Plan quotas count a key's orders per calendar month.
create index orders_key_created on orders (key_id, created_at);

-- Idempotent replays look up a key's newest order for an Idempotency-Key.
create index orders_idempotency on orders (key_id, idempotency_key, created_at desc)
  where idempotency_key is not null;
