import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { apiClient } from './client';
import { startTestServer } from './harness';

/** A POST whose body arrives in two parts; `between` runs after the first part has reached the server. */
function postInTwoParts(url: string, token: string, body: string, between: () => Promise<void>) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const call = request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    });
    call.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    call.on('error', reject);
    const half = Math.floor(body.length / 2);
    call.write(body.slice(0, half));
    void between()
      .then(() => call.end(body.slice(half)))
      .catch(reject);
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('stopping the server', () => {
  it('answers the requests under way before it stops, and takes no new connection', async () => {
    const server = await startTestServer();
    const api = apiClient(server.api);
    const learner = await api.signUp('shutdown-under-way');
    let closing: Promise<void> | undefined;
    const answer = await postInTwoParts(
      `${server.api}/user?lang=en`,
      learner.token,
      JSON.stringify({ name: 'Saved while stopping', city: 'Lisbon' }),
      async () => {
        await pause(100);
        closing = server.close();
        await pause(200);
        // Stopping means listening no more: a new connection is refused at once.
        await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
      },
    );
    await closing;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).data).toMatchObject({ name: 'Saved while stopping', city: 'Lisbon' });
    expect(server.errors).toEqual([]);
  });
});
