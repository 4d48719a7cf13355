// `npm run keys:issue -- --env sandbox --plan Sandbox --name "my app"`: issues an API key through
// the management module (src/manage: the management API's validation, and an audit entry whose
// actor is `cli`). Prints its value ONCE on stdout; stores only its SHA-256 (plus prefix and last
// four) in the issued-keys file, which a running server picks up on the key's first use.
import { existsSync } from 'node:fs';
import { oneOf, positiveInteger, runCli, UsageError, type CliSpec } from '../lib/cli-args.ts';
import { planTerms } from '../../simulator/world/index.ts';
import { defaultDataFile } from '../../src/node/data-file.ts';
import { openWorkspace } from '../../src/node/db.ts';
import { isoInstantMs } from '../../src/lib/instant.ts';
import { keyPrefixes, planIssue } from '../../src/manage/changes/keys.ts';
import { apiKeyScopes, issueKeySchema } from '../../src/manage/contract.ts';
import { applyLocally, openLocalManage, validated } from '../manage/local.ts';

const environments = Object.keys(keyPrefixes) as (keyof typeof keyPrefixes)[];
const plans = Object.keys(planTerms) as (keyof typeof planTerms)[];
/** Every scope a route of the API needs: the scopes a key may hold. */
const knownScopes = apiKeyScopes;

const spec = {
  command: 'npm run keys:issue',
  usage: `usage: npm run keys:issue -- --name NAME [--env sandbox] [--plan Sandbox] [--rpm N] [--scopes S,S]
                           [--expires-at YYYY-MM-DD] [--quota N]

Issues an API key: prints it once on stdout, stores only its SHA-256 in the issued-keys file
(ESTATE_ISSUED_KEYS, else data/issued-keys.jsonl); a running server accepts it at once.
  --name         what the key is for (required)
  --env          ${environments.join(', ')} (default sandbox; production keys are live)
  --plan         ${plans.join(', ')} (default Sandbox)
  --rpm          requests per minute (default: the plan's)
  --scopes       comma-separated, of ${knownScopes.join(', ')} (default orders:write,orders:read)
  --expires-at   a future date or ISO 8601 time (default: never)
  --quota        orders per calendar month (default: the plan's quota)
Revoke it with npm run keys:revoke, rotate it with npm run keys:rotate.`,
  options: {
    name: 'string',
    env: 'string',
    plan: 'string',
    rpm: 'string',
    scopes: 'string',
    'expires-at': 'string',
    quota: 'string',
  },
} satisfies CliSpec<Record<'name' | 'env' | 'plan' | 'rpm' | 'scopes' | 'expires-at' | 'quota', 'string'>>;

/** `--scopes`: known scopes only, at least one, each once. */
function parseScopes(text: string): string[] {
  const scopes = [...new Set(text.split(',').map((s) => s.trim()))].filter(Boolean);
  if (scopes.length === 0) throw new UsageError('--scopes must name at least one scope');
  const unknown = scopes.find((s) => !knownScopes.includes(s));
  if (unknown) throw new UsageError(`unknown scope ${unknown}; known: ${knownScopes.join(', ')}`);
  return scopes;
}

/** `--expires-at`: a date (midnight UTC) or an ISO 8601 time with an offset that exists, in the future. */
function parseExpiry(text: string, now: Date): string {
  const ms = Math.ceil(isoInstantMs(text));
  if (Number.isNaN(ms))
    throw new UsageError(
      `--expires-at must be a date YYYY-MM-DD or an ISO 8601 time with an offset that exists, got ${text}`,
    );
  if (ms <= now.getTime()) throw new UsageError(`--expires-at must be in the future, got ${text}`);
  return new Date(ms).toISOString();
}

/** The plan's rpm budget from the workspace (read-only), else the simulator's plan terms. */
async function planRpm(plan: keyof typeof planTerms): Promise<number> {
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
  return planTerms[plan].rpm;
}

await runCli(spec, async ({ values }) => {
  const now = new Date();
  if (!values.name) throw new UsageError('--name is required: what the key is for');
  const environment = oneOf('env', values.env ?? 'sandbox', environments);
  const plan = oneOf('plan', values.plan ?? 'Sandbox', plans);
  const rpm = values.rpm === undefined ? undefined : positiveInteger('rpm', values.rpm, 1_000_000_000);
  const scopes = parseScopes(values.scopes ?? 'orders:write,orders:read');
  const expiresAt = values['expires-at'] === undefined ? null : parseExpiry(values['expires-at'], now);
  const quota =
    values.quota === undefined ? undefined : positiveInteger('quota', values.quota, 1_000_000_000);
  const body = validated(issueKeySchema, {
    name: values.name,
    environment,
    plan,
    rpm_budget: rpm ?? (await planRpm(plan)),
    scopes,
    expires_at: expiresAt,
    ...(quota === undefined ? {} : { quota_orders_per_month: quota }),
  });
  const local = await openLocalManage();
  try {
    const { dry_run: _dry, preview_token: _token, ...params } = body;
    const applied = await applyLocally(local.deps, {
      action: 'key.issue',
      targetType: 'key',
      targetId: 'new',
      params,
      plan: (ctx) => planIssue(ctx, body),
    });
    const after = applied.after as { key_id: string; rpm_budget: number };
    console.error(
      `Issued ${after.key_id} (${environment}, ${plan}, ${after.rpm_budget} rpm, scopes ${scopes.join(' ')}) into ${local.file}.`,
    );
    console.error('The key is shown once and cannot be recovered; store it now:');
    console.log(applied.secret);
  } finally {
    await local.close();
  }
});
