-- How many orders are stored.
select count(*)::float8 as orders from orders
