-- Held until the writing transaction ends: one management change at a time, on every machine.
select pg_advisory_xact_lock(hashtextextended('estate-console.manage-journal', 0))
