-- Hot, deprecated and agent-heavy path counts, for all stages and per stage.
select stage, routes, hot_paths, deprecated_paths, agent_heavy_paths
from v_route_counts
order by sort_order
