-- How many webhook endpoints an environment ($1) has (as webhooks_of_environment lists them).
select count(*)::int as n from webhook_endpoints where environment = $1
