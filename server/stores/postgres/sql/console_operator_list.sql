-- Every operator, oldest first.
select operator_id, name, role, token_hash_sha256, created_at_ms::float8 as created_at_ms
from console_operators
order by created_at_ms, operator_id
