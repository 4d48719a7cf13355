-- Announces a committed management change to every process listening (payload: its seq).
select pg_notify($1, $2)
