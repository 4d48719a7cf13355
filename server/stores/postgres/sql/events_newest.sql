-- An environment's raised events, newest first (created_at, then id in byte order).
select body from events where environment = $1 order by created_at desc, id collate "C" desc
