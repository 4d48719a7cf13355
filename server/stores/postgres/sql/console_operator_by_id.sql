-- One operator by id.
select operator_id, name, role, token_hash_sha256, created_at_ms::float8 as created_at_ms
from console_operators
where operator_id = $1
