// Customers and SKUs the Orders API accepts.
import type { Faker } from '@faker-js/faker';
import type { Rng } from '../rng.ts';
import type { CustomerRow, SkuRow } from './types.ts';

/** `count` customers with unique names. */
export function buildCustomers(
  faker: Faker,
  newId: (prefix: string) => string,
  count: number,
): CustomerRow[] {
  const names = new Set<string>();
  while (names.size < count) names.add(faker.company.name());
  return [...names].map((name) => ({ customer_id: newId('cus'), name }));
}

/** `count` SKUs with unique names and prices between $1.99 and $499. */
export function buildSkus(
  faker: Faker,
  rng: Rng,
  newId: (prefix: string) => string,
  count: number,
): SkuRow[] {
  const names = new Set<string>();
  while (names.size < count) names.add(faker.commerce.productName());
  return [...names].map((name) => ({
    sku: newId('sku'),
    name,
    unit_price_cents: Math.min(49_900, Math.max(199, Math.round(rng.logNormal(2500, 1.0)))),
  }));
}
