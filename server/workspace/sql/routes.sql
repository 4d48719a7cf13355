-- Every published route (method, path template, stage): the request log maps each answer to one.
select route_id, method, path, stage from routes
