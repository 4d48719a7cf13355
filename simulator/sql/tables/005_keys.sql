-- Issued keys. Key material is never stored: only its SHA-256, a display prefix and the last four.
create table keys (
  key_id         varchar primary key,  -- key_…
  name           varchar not null,
  environment    varchar not null,     -- production | sandbox | staging
  status         varchar not null,     -- active | expiring | revoked | rotated
  plan           varchar not null references plans (plan),
  rpm_budget     integer not null,     -- requests/minute
  scopes         varchar[] not null,   -- e.g. ['orders:write', 'orders:read']
  created_at     timestamp not null,
  expires_at     timestamp,            -- null: does not expire
  rotated_at     timestamp,            -- last rotation of this key's material; null: never rotated
  last_used_at   timestamp,            -- null: never used
  key_hash_sha256 varchar not null unique, -- hex SHA-256 of the key material
  key_prefix     varchar not null,     -- e.g. sk_test (shown)
  key_last4      varchar(4) not null   -- last four characters (shown)
);
