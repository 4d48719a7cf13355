-- How many operators there are.
select count(*)::int as operators from console_operators
