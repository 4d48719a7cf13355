// The open demo answers only at hosts a DNS rebinding cannot be: IP addresses, localhost, and the
// names the deployment lists. Elsewhere its visitor is nobody (so the management API wants a key).
import { describe, expect, it } from 'vitest';
import { ConsoleAccess } from '../../../server/console/access.ts';
import { allowedHostsFromEnv, isTrustedHost } from '../../../server/console/trusted-host.ts';
import { MemoryOperatorDirectory } from '../../../server/operators/directory.ts';
import { MemorySessionStore } from '../../../server/sessions/session-store.ts';
import { ConsoleSessions } from '../../../server/sessions/sessions.ts';

describe('isTrustedHost', () => {
  it.each([
    'localhost:4321',
    'LOCALHOST',
    'app.localhost:4321',
    '127.0.0.1:4321',
    '192.168.1.20',
    '[::1]:4321',
    'demo.example:4321',
  ])('trusts %s (demo.example listed)', (host) => {
    expect(isTrustedHost(host, ['demo.example'])).toBe(true);
  });

  it.each(['evil.example:4321', 'localhost.evil.example', '127.0.0.1.nip.io:4321', 'demo.example.evil'])(
    'does not trust %s',
    (host) => {
      expect(isTrustedHost(host, ['demo.example'])).toBe(false);
    },
  );

  it('lists ESTATE_ALLOWED_HOSTS and HOST', () => {
    expect(
      allowedHostsFromEnv({ ESTATE_ALLOWED_HOSTS: ' Demo.Example, other.example ', HOST: 'box.lan' }),
    ).toEqual(['demo.example', 'other.example', 'box.lan']);
  });
});

describe("the open demo's visitor", () => {
  const access = new ConsoleAccess({
    operators: new MemoryOperatorDirectory(),
    sessions: new ConsoleSessions(new MemorySessionStore()),
    allowedHosts: [],
  });

  it('is the visitor at localhost, and nobody at a rebound name', async () => {
    expect((await access.actorOf({ headers: { host: 'localhost:4321' } }))?.type).toBe('demo_visitor');
    expect(await access.actorOf({ headers: { host: 'evil.example:4321' } })).toBeNull();
  });
});
