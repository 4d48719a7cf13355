-- Adds one operator (a name taken regardless of case, or a token hash in use, fails).
insert into console_operators (operator_id, name, role, token_hash_sha256, created_at_ms)
values ($1, $2, $3, $4, $5)
