-- Changes an operator's role.
update console_operators set role = $2 where operator_id = $1
