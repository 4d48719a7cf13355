-- Every operator of console_operators, oldest first: the operators kept from before they joined the
-- audit trail, read once when the management store opens (nothing writes this table any more).
select operator_id, name, role, token_hash_sha256, created_at_ms::float8 as created_at_ms
from console_operators
order by created_at_ms, operator_id
