import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SocialProviders, startSocialProviders } from '../../api/social-providers';
import { startServerProcess } from './server-process';
import { test } from './test';

/**
 * A server of the spec's own, with the local identity providers on 127.0.0.2 configured (their
 * SOCIAL_* variables, those `configure` keeps), started before the spec's tests and stopped after.
 * Brightpath answers on `app` (localhost), so a provider's way back is a cross-site navigation.
 */
export function socialServer(port: number, configure: (variable: string) => boolean = () => true) {
  const app = `http://localhost:${port}`;
  let providers: SocialProviders | undefined;
  let server: { stop(): Promise<void> } | undefined;
  let work: string | undefined;
  const configured: string[] = [];
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    providers = await startSocialProviders();
    providers.registerApp(app);
    work = await mkdtemp(join(tmpdir(), 'e2e-social-'));
    for (const [name, value] of Object.entries(providers.env)) {
      if (configure(name)) {
        process.env[name] = value;
        configured.push(name);
      }
    }
    server = await startServerProcess(port, { dataDir: join(work, 'pglite'), mediaDir: join(work, 'media') });
  });
  test.afterAll(async () => {
    await server?.stop();
    await providers?.close();
    if (work) await rm(work, { recursive: true, force: true });
    // The worker's next spec starts its own servers: none of these providers may leak into them.
    for (const name of configured) delete process.env[name];
  });
  return { app };
}
