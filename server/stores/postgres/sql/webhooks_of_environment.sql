-- An environment's webhook endpoints, oldest first.
select body from webhook_endpoints where environment = $1 order by created_at, id collate "C"
