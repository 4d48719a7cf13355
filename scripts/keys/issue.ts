// `npm run keys:issue -- --env sandbox --plan Sandbox --name "my app"`: issues an API key. Prints
// its value ONCE; stores only its SHA-256 (plus prefix and last four) in the issued-keys file,
// which a running server picks up on the key's first use.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { appendIssuedKey, issuedKeysFile, type IssuedKeyLine } from '../server/issued-keys.ts';
import { sha256Hex } from '../src/api/orders/auth.ts';
import { randomId } from '../src/api/orders/ids.ts';
import { defaultDataFile } from '../src/lib/data-file.ts';
import { openWorkspace } from '../src/lib/db.ts';
import { planTerms } from '../simulator/world/index.ts';

const prefixes = { production: 'sk_live', sandbox: 'sk_test', staging: 'sk_stg' } as const;
type Env = keyof typeof prefixes;

const { values } = parseArgs({
  options: {
    env: { type: 'string', default: 'sandbox' },
    plan: { type: 'string', default: 'Sandbox' },
    name: { type: 'string' },
    rpm: { type: 'string' },
    scopes: { type: 'string', default: 'orders:write,orders:read' },
    'expires-at': { type: 'string' },
    quota: { type: 'string' },
  },
});

function fail(message: string): never {
  console.error(`keys:issue: ${message}`);
  process.exit(2);
}

const env = values.env as Env;
if (!(env in prefixes)) fail(`--env must be one of ${Object.keys(prefixes).join(', ')}`);
if (!values.name) fail('--name is required');
const plan = values.plan;
if (!(plan in planTerms)) fail(`--plan must be one of ${Object.keys(planTerms).join(', ')}`);

/** The plan's rpm budget from the workspace (read-only), else the simulator's plan terms. */
async function planRpm(): Promise<number> {
  const file = defaultDataFile();
  if (existsSync(file)) {
    const db = await openWorkspace(file);
    try {
      const [row] = await db.query<{ rpm: number }>(
        'select default_rpm_budget as rpm from plans where plan = $plan',
        { plan },
      );
      if (row) return row.rpm;
    } finally {
      db.close();
    }
  }
  return planTerms[plan as keyof typeof planTerms].rpm;
}

const rpm = values.rpm ? Number(values.rpm) : await planRpm();
if (!Number.isInteger(rpm) || rpm < 1) fail('--rpm must be a positive integer');
const expiresAt = values['expires-at'] ? new Date(values['expires-at']) : null;
if (expiresAt && Number.isNaN(expiresAt.getTime())) fail('--expires-at must be a date');
const material = randomId(`${prefixes[env]}_`);
const line: IssuedKeyLine = {
  key_id: randomId('key_', 16),
  name: values.name,
  environment: env,
  status: 'active',
  plan,
  rpm_budget: rpm,
  scopes: values.scopes
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  created_at: new Date().toISOString(),
  expires_at: expiresAt?.toISOString() ?? null,
  key_hash_sha256: await sha256Hex(material),
  key_prefix: prefixes[env],
  key_last4: material.slice(-4),
  ...(values.quota ? { quota_orders_per_month: Number(values.quota) } : {}),
};
const file = issuedKeysFile();
appendIssuedKey(file, line);
console.error(
  `Issued ${line.key_id} (${env}, ${plan}, ${rpm} rpm, scopes ${line.scopes.join(' ')}) into ${file}.`,
);
console.error('The key is shown once and cannot be recovered; store it now:');
console.log(material);
