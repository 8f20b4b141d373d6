import { afterAll, describe, expect, it } from 'vitest';
import { serverForFile, startTestServer } from './harness';

// Without ADMIN_DASHBOARD_URL (the default), then with one that has a query of its own.
const { server } = serverForFile();
const DASHBOARD = 'https://admin.example.test/sign-in?brand=kite';
const withDashboard = await startTestServer({ adminDashboardUrl: DASHBOARD });
afterAll(() => withDashboard.close());

describe('GET /admin/login', () => {
  it('sends an admin on to the dashboard set up, with the token, kept by no cache', async () => {
    const answer = await fetch(`${withDashboard.url}/admin/login?token=${encodeURIComponent('a b&c')}`, {
      redirect: 'manual',
    });
    expect(answer.status).toBe(302);
    const target = new URL(answer.headers.get('location') ?? '');
    expect(`${target.origin}${target.pathname}`).toBe('https://admin.example.test/sign-in');
    expect(Object.fromEntries(target.searchParams)).toEqual({ brand: 'kite', token: 'a b&c' });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('says in the admin’s language that no dashboard is set up here', async () => {
    for (const [language, text] of [
      ['ru', 'Панель администратора на этом сервере не настроена.'],
      ['es', 'El panel de administración no está configurado en este servidor.'],
      ['en', 'The admin dashboard is not set up on this server.'],
    ] as const) {
      // Brightpath (app id `web`) speaks all three; the loopback address alone would be Kite's.
      const answer = await fetch(`${server.url}/admin/login?token=secret`, {
        headers: { 'Accept-Language': language, 'X-App-Id': 'web' },
      });
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
      const page = await answer.text();
      expect(page).toContain(`<html lang="${language}">`);
      expect(page).toContain(`<p>${text}</p>`);
      expect(page).not.toContain('secret');
    }
  });
});
