// `npm run events:listen -- --forward-to http://localhost:3000/hooks`, like `stripe listen`:
// registers a temporary test-mode endpoint, forwards each event signed with a stable local secret
// (printed at start), one line per delivery; ^C deletes the endpoint.
import { runCli, UsageError, type CliSpec } from '../lib/cli-args.ts';
import { listen } from './forward.ts';

const spec = {
  command: 'npm run events:listen',
  usage: `usage: npm run events:listen -- --forward-to URL [--api http://localhost:4321] [--key KEY] [--events T,T]

Registers a temporary test-mode webhook endpoint on the API and forwards every event it receives to
--forward-to, signed (Standard Webhooks) with a local secret that stays the same for the same key.
  --forward-to   where to POST each event (required), e.g. http://localhost:3000/hooks
  --api          the running API (default http://localhost:4321)
  --key          a test-mode key with webhooks:write (default ESTATE_API_KEY)
  --events       event types, comma-separated (default every type)`,
  options: { 'forward-to': 'string', api: 'string', key: 'string', events: 'string' },
} satisfies CliSpec<Record<'forward-to' | 'api' | 'key' | 'events', 'string'>>;

await runCli(spec, async ({ values }) => {
  const forwardTo = values['forward-to'];
  if (!forwardTo || !URL.canParse(forwardTo)) throw new UsageError('--forward-to must be an absolute URL');
  const key = values.key ?? process.env.ESTATE_API_KEY;
  if (!key)
    throw new UsageError('--key (or ESTATE_API_KEY) is required: a test-mode key with webhooks:write');
  const api = (values.api ?? 'http://localhost:4321').replace(/\/$/, '');
  if (!URL.canParse(api)) throw new UsageError('--api must be an absolute URL');
  const events = values.events
    ?.split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const listening = await listen({ api, key, forwardTo, events, report: (line) => console.log(line) });
  console.error(
    `Ready! Forwarding to ${forwardTo}. Your webhook signing secret is ${listening.secret} (^C to quit)`,
  );
  await new Promise<void>((done) => process.once('SIGINT', done));
  await listening.stop();
});
