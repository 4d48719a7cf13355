// A TCP port nobody listens on right now, for a throwaway server to bind.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

/** Asks the kernel for a free port on 127.0.0.1 and releases it again. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });
}
