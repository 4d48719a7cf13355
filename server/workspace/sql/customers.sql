-- Customer ids orders may name.
select customer_id from customers
