-- Skus order lines may name.
select sku from skus
