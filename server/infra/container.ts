import type { BrandConfig } from '../../brands/index';
import type { Db } from '../db/client';
import type { SocialConfig } from '../modules/social-auth/config';
import type { DeployedTags } from './brand-tags';
import { EventsHub } from './events-hub';
import type { Logger } from './logger';
import { createMailer, type Mailer } from './mail';
import { createPasswords, type PasswordCost, type Passwords } from './passwords';
import { type Push, pushWithFreshKeys } from './push';
import {
  type AttemptLimits,
  createAnalyticsLimit,
  createClientErrorLimit,
  createGuestQuestionLimit,
  createLoginLimits,
  createResetLimits,
  createSignupCheckLimit,
  type SlidingWindowLimiter,
} from './rate-limit';
import { createSessions, type Sessions } from './sessions';

export interface Settings {
  /** Origin for links in mails; when absent, a host of the request's brand (server/modules/auth/link-base.ts). */
  publicUrl?: string;
  /** One brand for every host (BRAND), whatever X-App-Id names. */
  forcedBrand?: BrandConfig;
  /** Folder holding the built app (dist/v, dist/class). */
  distDir: string;
  /** Folder of imported media (videos, documents, images): one subfolder per media file. */
  mediaDir: string;
  /** Interval of the comment line that keeps event streams open. */
  keepAliveMs: number;
  /** Social sign-in providers configured by the environment (SOCIAL_*); empty when none. */
  social?: SocialConfig;
  /** Tag manager and pixel ids per brand id, set by the environment (GTM_*, FBQ_*). */
  brandTags?: DeployedTags;
  /** Where an admin's dashboard link is sent on to (ADMIN_DASHBOARD_URL); none when absent. */
  adminDashboardUrl?: string;
}

/** Everything a route may use, built once per server. */
export interface Services {
  db: Db;
  log: Logger;
  settings: Settings;
  passwords: Passwords;
  hub: EventsHub;
  sessions: Sessions;
  mailer: Mailer;
  loginLimits: AttemptLimits;
  resetLimits: AttemptLimits;
  /** Per client address. */
  clientErrorLimit: SlidingWindowLimiter;
  /** Analytics batches, per client address. */
  analyticsLimit: SlidingWindowLimiter;
  /** Support questions from visitors, per client address. */
  guestQuestionLimit: SlidingWindowLimiter;
  /** The sign-up form's live checks, per client address. */
  signupCheckLimit: SlidingWindowLimiter;
  /** Web push with the server's VAPID keys. */
  push: Push;
}

export function createServices(
  db: Db,
  log: Logger,
  settings: Settings,
  options: { smtpUrl?: string; argon2?: PasswordCost; push?: Push },
): Services {
  const hub = new EventsHub();
  return {
    db,
    log,
    settings,
    passwords: createPasswords(options.argon2),
    hub,
    sessions: createSessions(db, hub),
    mailer: createMailer(db, options.smtpUrl, log),
    loginLimits: createLoginLimits(),
    resetLimits: createResetLimits(),
    clientErrorLimit: createClientErrorLimit(),
    analyticsLimit: createAnalyticsLimit(),
    guestQuestionLimit: createGuestQuestionLimit(),
    signupCheckLimit: createSignupCheckLimit(),
    push: options.push ?? pushWithFreshKeys(log),
  };
}
