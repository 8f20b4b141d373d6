import { describe, expect, it } from 'vitest';
import type { Services } from '../../server/infra/container';
import { healthRoutes } from '../../server/modules/health/routes';
import { serverForFile } from './harness';

const { server } = serverForFile();

describe('GET /healthz', () => {
  it('answers ok after one query, with no brand, token or compression', async () => {
    const response = await fetch(`${server.url}/healthz`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 unavailable when the database query fails, and logs why', async () => {
    const logged: string[] = [];
    const downDatabase = { execute: () => Promise.reject(new Error('connection refused')) };
    const services = {
      db: downDatabase,
      log: { info: () => undefined, error: (line: string) => logged.push(line) },
    } as unknown as Services;
    const response = await healthRoutes(services).request('/healthz');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable' });
    expect(logged).toHaveLength(1);
  });
});
