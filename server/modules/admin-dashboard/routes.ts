import { Hono } from 'hono';
import { html } from 'hono/html';
import { ADMIN_LOGIN_PATH } from '../../../src/domain/menu';
import type { AppEnv } from '../../http/context';
import { translate } from '../../infra/i18n';

/**
 * GET /admin/login?token=…: where an admin's "Dashboard" link leads (shell spec, section 9: "a
 * dashboard link to an admin login carrying the token"). The admin side is another application
 * (the spec shows no admin screens): with ADMIN_DASHBOARD_URL set, the request is sent on to it with
 * the token, and the dashboard checks it; without, a page in the admin's language says there is none
 * here, rather than a bare "Not found". Neither answer is kept by a cache, and neither hands the
 * address with its token to another site as a referrer.
 */
export function adminDashboardRoutes(dashboardUrl: string | undefined) {
  return new Hono<AppEnv>().get(ADMIN_LOGIN_PATH, (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    if (dashboardUrl) {
      const target = new URL(dashboardUrl);
      const token = c.req.query('token');
      if (token !== undefined) target.searchParams.set('token', token);
      return c.redirect(target.toString(), 302);
    }
    const lang = c.get('lang') ?? 'en';
    const message = translate(lang, 'adminDashboardMissing');
    return c.html(
      html`<!doctype html>
<html lang="${lang}">
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>${message}</title>
<p>${message}</p>
</html>`,
      404,
    );
  });
}
