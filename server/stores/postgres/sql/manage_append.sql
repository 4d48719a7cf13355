-- One management journal row: a change and its audit entry (or an imported older line).
insert into manage_journal (seq, line) values ($1, $2)
