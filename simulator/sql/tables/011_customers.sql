-- Customers orders are placed for (the Orders API's `customer`).
create table customers (
  customer_id varchar primary key, -- cus_…
  name        varchar not null
);
