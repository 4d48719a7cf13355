-- The management journal's rows after a seq, oldest first: ordered by the column, not by its text
-- (which would put 10 before 2).
select seq::text as seq, line from manage_journal where seq > $1 order by manage_journal.seq
