-- The management journal's rows after a seq, oldest first.
select seq::text as seq, line from manage_journal where seq > $1 order by seq
