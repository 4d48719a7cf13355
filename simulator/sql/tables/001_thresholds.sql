-- The spec's thresholds, defined once. Every view reads them from here (one row).
create table thresholds (
  quota_risk_pct            double  not null, -- % of plan quota burned at which a consumer is at risk (80)
  hot_path_requests_per_day bigint  not null, -- requests/day at which a route is a hot path (200,000)
  cold_heavy_pct            double  not null, -- % cold starts at which a function is cold-heavy (5)
  high_blast_score          double  not null, -- blast score at which a target is high blast (55)
  unused_key_days           integer not null, -- days without use after which a key is unused (30)
  availability_target_pct   double  not null, -- availability target in % (99.9)
  agent_heavy_share_pct     double  not null  -- % of a route's traffic from agents at which it is agent-heavy (ours: 25)
);
