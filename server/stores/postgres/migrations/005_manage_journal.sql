-- The management journal on Postgres (docs/management-api.md): the same lines as the embedded
-- journal file, one row each, in order. A change row holds a change's effects AND its audit entry,
-- hash-chained to the change before, so one insert (one transaction) makes both or neither. Rows
-- imported by `npm run keys:import` also hold the issued-keys file's older lines (keys issued,
-- revoked or rotated before the trail). Every worker follows the table by polling it.
create table manage_journal (
  seq  bigint primary key,  -- the line's place: 1, 2, … (written under an advisory lock)
  line text   not null      -- the line as JSON, exactly as the embedded journal would store it
);
