import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E } from './ports';

export const APP = `http://localhost:${E2E.appPort}`;
export const SECOND_BRAND_APP = `http://127.0.0.1:${E2E.appPort}`;

export const DEMO = {
  learner: { email: 'learner@example.com', password: 'learner-demo' },
  newpass: { email: 'newpass@example.com', password: 'newpass-demo' },
  profile: { email: 'profile@example.com', password: 'profile-demo' },
} as const;

let counter = 0;
/** A fresh learner made through the public sign-up call, so a test may change it freely. */
export async function createLearner(request: APIRequestContext, label: string) {
  counter += 1;
  const email = `${label}-${Date.now()}-${counter}@example.com`;
  const password = 'learner-pass-1';
  const res = await request.post(`${APP}/spa/api/v1/auth/signup-by-email?lang=en`, {
    data: { username: email, email, password, password_repeat: password, timezone: 'UTC' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { email, password };
}

/** A session token of the account's own, from the sign-in call, to read or change what the server keeps. */
export async function tokenOf(request: APIRequestContext, account: { email: string; password: string }) {
  const login = await request.post(`${APP}/spa/api/v1/auth/login?lang=en`, { data: account });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('./');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Decodes the quoted-printable body of a raw mail enough to read links in it. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for the password-reset mail to reach the SMTP peer and returns the link in it. */
export async function readResetLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(
          `http://127.0.0.1:${E2E.mailHttpPort}/messages?to=${encodeURIComponent(email)}`,
        );
        const messages = (await res.json()) as { raw: string }[];
        const last = messages.at(-1);
        link = last
          ? decodeQuotedPrintable(last.raw).match(/https?:\/\/[^\s"<>]+\/v\/reset\?token=[\w-]+/)?.[0]
          : undefined;
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return link as string;
}
