-- Deletes the oldest rows past the cap: everything more than $1 rows behind the newest.
delete from request_log where seq <= (select max(seq) from request_log) - $1
