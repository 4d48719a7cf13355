-- Removes an operator and, in the same statement, their sessions.
with gone as (delete from console_operators where operator_id = $1 returning operator_id)
delete from console_sessions where operator_id in (select operator_id from gone)
