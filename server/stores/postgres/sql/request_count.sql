-- How many log rows match the filter of request_page.sql (same parameters, no cursor or limit).
select count(*)::int as matched
from request_log
where ($1::int is null or (least(greatest(status / 100, 2), 5)) = $1)
  and ($2::int is null or status = $2)
  and ($3::text is null or key_id = $3)
  and ($4::text is null or route_id = $4)
  and ($5::text is null or caller_kind = $5)
  and ($6::text is null or environment = $6)
  and ($7::bigint is null or time_ms >= $7)
  and ($8::bigint is null or time_ms < $8)
  and ($9::text[] is null or route_id = any($9::text[]))
