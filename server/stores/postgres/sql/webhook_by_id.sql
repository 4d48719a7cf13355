-- One webhook endpoint by id.
select body from webhook_endpoints where id = $1
