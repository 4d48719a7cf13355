-- How this workspace was generated (one row): the simulator's inputs, so every file explains itself.
create table workspace (
  seed            varchar not null, -- the seed given to seedrandom and faker
  as_of           date    not null, -- "today" of the workspace; the last simulated day is as_of - 1
  days            integer not null, -- simulated days, ending the day before as_of
  scale           double  not null, -- multiplier on the log-sample volume (1 = the demo; traffic is the same at any scale)
  period_start    date    not null, -- first simulated day
  simulator_version varchar not null,
  sources_sha256  varchar not null  -- digest of the simulator's TS and SQL that wrote this file (see simulator/sources.ts)
);
