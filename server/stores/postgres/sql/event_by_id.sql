-- One raised event by id.
select body from events where id = $1
