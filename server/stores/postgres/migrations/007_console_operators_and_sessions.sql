-- The console's operators and their sessions (docs/operators.md), shared by every worker. An
-- operator's sign-in token and a session's id are kept only as SHA-256 hashes.
create table console_operators (
  operator_id       text    primary key,                    -- op_…
  name              text    not null,                       -- unique regardless of case
  role              text    not null check (role in ('viewer', 'operator', 'admin')),
  token_hash_sha256 text    not null unique,                -- hex
  created_at_ms     bigint  not null                        -- epoch ms
);

create unique index console_operators_name on console_operators (lower(name));

create table console_sessions (
  session_hash_sha256 text   primary key,                   -- hex of the cookie's session id
  operator_id         text,                                 -- null: a CONSOLE_TOKEN session
  credential_hash     text   not null,                      -- what it was opened with (access.ts)
  created_at_ms       bigint not null,                      -- epoch ms: the absolute limit counts from here
  last_seen_at_ms     bigint not null                       -- epoch ms: the idle limit counts from here
);

create index console_sessions_operator on console_sessions (operator_id) where operator_id is not null;
