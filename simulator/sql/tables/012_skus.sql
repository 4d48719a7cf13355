-- Items that can be ordered (the Orders API's `lines[].sku`).
create table skus (
  sku              varchar primary key, -- sku_…
  name             varchar not null,
  unit_price_cents integer not null     -- price in cents
);
