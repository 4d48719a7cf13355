// Liveness and readiness: /healthz answers while the process does; /readyz asks every check (the
// journal, and any store beside it) and is 503 when one is not ready, throws or does not answer.
// GET and HEAD only. On the server they are answered beside the API, the console untouched.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { healthCheckTimeoutMs, healthResponse, type HealthCheck } from '../../server/health.ts';
import { serverRunner } from '../api/orders/runners.ts';
import { sendRaw } from './raw-http.ts';

const check = (name: string, health: HealthCheck['health']): HealthCheck => ({ name, health });
const body = async (...args: Parameters<typeof healthResponse>) => {
  const response = await healthResponse(...args);
  return {
    status: response.status,
    type: response.headers['content-type'],
    body: JSON.parse(response.body) as unknown,
  };
};

describe('healthResponse', () => {
  it('is alive whatever the checks say', async () => {
    const down = check('journal', () => ({ ready: false, detail: '0 of 2 lanes in service' }));
    expect(await body('GET', '/healthz', [down])).toEqual({
      status: 200,
      type: 'application/health+json',
      body: { status: 'pass' },
    });
  });

  it('is ready only when every check is, naming each', async () => {
    const up = check('journal', () => ({ ready: true, detail: '2 of 2 lanes in service' }));
    const down = check('postgres', () => Promise.resolve({ ready: false, detail: 'connection refused' }));
    expect(await body('GET', '/readyz', [up])).toMatchObject({ status: 200, body: { status: 'pass' } });
    expect(await body('GET', '/readyz?x=1', [up, down])).toEqual({
      status: 503,
      type: 'application/health+json',
      body: {
        status: 'fail',
        checks: {
          journal: [{ status: 'pass', output: '2 of 2 lanes in service' }],
          postgres: [{ status: 'fail', output: 'connection refused' }],
        },
      },
    });
  });

  it('counts a check that throws, or does not answer in time, as not ready', async () => {
    vi.useFakeTimers();
    try {
      const throws = check('redis', () => {
        throw new Error('ECONNREFUSED');
      });
      const hangs = check('postgres', () => new Promise(() => undefined));
      const answer = body('GET', '/readyz', [throws, hangs]);
      await vi.advanceTimersByTimeAsync(healthCheckTimeoutMs);
      expect(await answer).toMatchObject({
        status: 503,
        body: {
          checks: {
            redis: [{ status: 'fail', output: 'ECONNREFUSED' }],
            postgres: [{ status: 'fail', output: `no answer within ${healthCheckTimeoutMs} ms` }],
          },
        },
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses other methods with a 405 problem', async () => {
    const response = await healthResponse('POST', '/readyz', []);
    expect(response.status).toBe(405);
    expect(response.headers).toMatchObject({
      allow: 'GET, HEAD',
      'content-type': 'application/problem+json',
    });
  });
});

describe('health on the production server', async () => {
  const server = await serverRunner();
  afterAll(() => server.close());

  it.each(['/healthz', '/readyz'])('answers GET and HEAD %s alike, HEAD without a body', async (path) => {
    const got = await sendRaw(server.port, { method: 'GET', target: path });
    const head = await sendRaw(server.port, { method: 'HEAD', target: path });
    expect(got.status).toBe(200);
    expect(JSON.parse(got.body)).toMatchObject({ status: 'pass' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(got.headers['content-length']);
  });

  it.each(['/healthz', '/readyz'])('gives %s a Request-Id, as every answer has', async (path) => {
    const got = await sendRaw(server.port, { method: 'GET', target: path });
    expect(got.headers['request-id']).toMatch(/^req_[A-Za-z0-9]+$/);
  });

  it('repeats the request id in the body of the 404 it gives where no console is served', async () => {
    const got = await sendRaw(server.port, { method: 'GET', target: '/app/api' });
    expect(got.status).toBe(404);
    expect(JSON.parse(got.body)).toMatchObject({ request_id: got.headers['request-id'] });
  });
});
