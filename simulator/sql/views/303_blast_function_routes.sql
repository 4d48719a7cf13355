-- Which routes each function serves: route_functions plus the route the function itself backs
-- (the same set v_function_dependents walks).
create or replace view v_blast_function_routes as
select function_id, route_id from route_functions
union
select function_id, route_id from functions
