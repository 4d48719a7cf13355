// `npm run events:listen -- --forward-to http://localhost:3000/hooks`, like `stripe listen`:
// registers a temporary test-mode endpoint, forwards each event signed with a stable local secret
// (printed at start), one line per delivery; ^C (or SIGTERM, SIGHUP) deletes the endpoint, and says
// loudly on stderr how to delete it when it cannot (the API is down) or when a second ^C quits.
import { eventTypes } from '../../src/api/orders/events/event-contract.ts';
import { runCli, UsageError, type CliSpec } from '../lib/cli-args.ts';
import { deleteCommand, listen, listenKeyCommand } from './forward.ts';

const spec = {
  command: 'npm run events:listen',
  usage: `usage: npm run events:listen -- --forward-to URL [--api http://localhost:4321] [--key KEY] [--events T,T]

Registers a temporary test-mode webhook endpoint on the API and forwards every event it receives to
--forward-to, signed (Standard Webhooks) with a local secret that stays the same for the same key.
  --forward-to   where to POST each event (required), e.g. http://localhost:3000/hooks
  --api          the running API (default http://localhost:4321)
  --key          a test-mode key with webhooks:write (default ESTATE_API_KEY); the demo key has
                 none: issue one with ${listenKeyCommand}
  --events       event types, comma-separated (default every type): ${[...eventTypes, '*'].join(', ')}`,
  options: { 'forward-to': 'string', api: 'string', key: 'string', events: 'string' },
} satisfies CliSpec<Record<'forward-to' | 'api' | 'key' | 'events', 'string'>>;

await runCli(spec, async ({ values }) => {
  const forwardTo = values['forward-to'];
  if (!forwardTo || !httpUrl(forwardTo))
    throw new UsageError('--forward-to must be an absolute http(s) URL, e.g. http://localhost:3000/hooks');
  const key = values.key ?? process.env.ESTATE_API_KEY;
  if (!key)
    throw new UsageError(
      `--key (or ESTATE_API_KEY) is required: a test-mode key with webhooks:write (${listenKeyCommand})`,
    );
  const api = (values.api ?? 'http://localhost:4321').replace(/\/$/, '');
  if (!httpUrl(api)) throw new UsageError('--api must be an absolute http(s) URL');
  const events = values.events === undefined ? undefined : eventList(values.events);
  // ^C, a `kill` and a closed terminal all clean up. One that comes while the endpoint is being
  // registered stops waiting for the API and quits, saying an endpoint may be left. A second signal
  // while cleaning up quits at once, saying that the endpoint is left registered and how to delete
  // it (a DELETE can wait 5 s for the API).
  const registered: { endpointId?: string } = {};
  const registering = new AbortController();
  let cleaning = false;
  const signalled = new Promise<void>((done) => {
    const onSignal = () => {
      // While registering, stop waiting for the API at once (listen says what may be left).
      if (registered.endpointId === undefined && !registering.signal.aborted) return registering.abort();
      if (!cleaning) {
        cleaning = true;
        done();
        return;
      }
      const id = registered.endpointId;
      console.error(
        id === undefined
          ? 'Quit before the endpoint was registered: check GET /v2/webhooks for one left behind'
          : `endpoint ${id} was LEFT REGISTERED (quit while deleting it): it collects events until ` +
              `deleted. ${deleteCommand(api, id)}`,
      );
      process.exit(1);
    };
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);
  });
  const report = (line: string) => console.log(line);
  const listening = await listen({ api, key, forwardTo, events, report, abort: registering.signal });
  registered.endpointId = listening.endpointId;
  console.error(
    `Ready! Forwarding to ${forwardTo}. Your webhook signing secret is ${listening.secret} (^C to quit)`,
  );
  await signalled;
  console.error(`Deleting endpoint ${listening.endpointId}… (^C again to quit and leave it registered)`);
  await listening.stop();
});

/** Whether `text` is an absolute http or https URL. */
function httpUrl(text: string): boolean {
  return URL.canParse(text) && ['http:', 'https:'].includes(new URL(text).protocol);
}

/** The types --events names, each one the API takes; a usage error names any other. */
function eventList(text: string): string[] {
  const allowed: readonly string[] = [...eventTypes, '*'];
  const types = text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const unknown = types.filter((t) => !allowed.includes(t));
  if (types.length === 0 || unknown.length > 0)
    throw new UsageError(
      `--events ${unknown.length > 0 ? `names ${unknown.map((t) => JSON.stringify(t)).join(', ')}, not an event type` : 'names no event type'}; allowed: ${allowed.join(', ')}`,
    );
  return types;
}
