// The console's query modules, grouped by screen.
export * as common from './common.ts';
export * as overview from './overview.ts';
export * as keys from './keys.ts';
export * as routes from './routes.ts';
export * as functions from './functions.ts';
export * as consumers from './consumers.ts';
export * as budget from './budget.ts';
