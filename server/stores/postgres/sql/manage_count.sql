-- How many rows the management journal holds.
select count(*)::int as rows from manage_journal
