-- Gives an operator a new sign-in token hash.
update console_operators set token_hash_sha256 = $2 where operator_id = $1
