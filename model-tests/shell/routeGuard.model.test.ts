import { render, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { type GuardFacts, type RouteCheck, routeGuardMachine } from '../../machines/shell/routeGuard.machine';
import { routeNameOfPath } from '../../src/app/routeNames';
import { Header } from '../../src/features/shell/SignedInLayout';
import { session, user } from '../fixtures';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { screenProviders } from '../screenProviders';

const check = (name: string, access: RouteCheck['access'], href: string, requiresEmail?: boolean) => ({
  type: 'ROUTE.CHECK',
  name,
  access,
  href,
  ...(requiresEmail ? { requiresEmail } : {}),
});

const pages = {
  logout: check('logout', 'logout', '/logout'),
  home: check('home', 'auth', '/home'),
  login: check('login', 'guest', '/'),
  userSettings: check('userSettings', 'auth', '/user/settings'),
  resetPassword: check('resetPassword', 'auth', '/resetPassword'),
  updateProfile: check('updateProfile', 'auth', '/updateProfile'),
  catalog: check('home-catalog', 'auth', '/catalog', true),
  banners: check('banners', 'public', '/banners'),
  registrationChat: check('registrationChat', 'public', '/welcome'),
};

const spec = {
  machine: routeGuardMachine,
  spec: 'Shell spec §2 routes and §4 rules 1-7: which page a visitor may open, and where else they go',
  inputs: [{ homeRoute: 'home-courses' }],
  events: [
    ...Object.values(pages),
    { type: 'GUARD.FACTS', signedIn: true },
    { type: 'GUARD.FACTS', requiredUpdatePassword: true },
    { type: 'GUARD.FACTS', requiredUpdateProfile: true },
    { type: 'GUARD.FACTS', subscriptionWarning: true },
    { type: 'GUARD.FACTS', registrationStatus: true },
    { type: 'EMAIL.PROVIDED' },
    { type: 'EMAIL.CANCEL' },
  ],
};

describeModel(spec);

const signedIn: GuardFacts = {
  signedIn: true,
  requiredUpdatePassword: false,
  requiredUpdateProfile: false,
  subscriptionWarning: false,
  hasEmail: true,
  registrationStatus: false,
};

async function decide(facts: Partial<GuardFacts>, page: ReturnType<typeof check>) {
  const running = startMachine(spec, { homeRoute: 'home-courses' });
  await running.dispatch({ type: 'GUARD.FACTS', ...facts });
  await running.dispatch(page);
  return running;
}

const decisionOf = async (facts: Partial<GuardFacts>, page: ReturnType<typeof check>) =>
  (await decide(facts, page)).snapshot().context.decision;

describe('routeGuard rules, in order', () => {
  it('1: logout is always allowed, whatever else applies', async () => {
    const everything = { ...signedIn, requiredUpdatePassword: true, requiredUpdateProfile: true };
    expect(await decisionOf(everything, pages.logout)).toEqual({ kind: 'allow' });
    expect(await decisionOf({}, pages.logout)).toEqual({ kind: 'allow' });
  });

  it('2: a required password update sends a signed-in user to resetPassword, before rule 3', async () => {
    const facts = { ...signedIn, requiredUpdatePassword: true, requiredUpdateProfile: true };
    expect(await decisionOf(facts, pages.home)).toEqual({ kind: 'redirect', to: 'resetPassword' });
    expect(await decisionOf(facts, pages.login)).toEqual({ kind: 'redirect', to: 'resetPassword' });
    expect(await decisionOf(facts, pages.resetPassword)).toEqual({ kind: 'allow' });
  });

  it('3: a required profile update sends a signed-in user to updateProfile, before rule 4', async () => {
    const facts = { ...signedIn, requiredUpdateProfile: true, subscriptionWarning: true };
    expect(await decisionOf(facts, pages.home)).toEqual({ kind: 'redirect', to: 'updateProfile' });
    expect(await decisionOf(facts, pages.updateProfile)).toEqual({ kind: 'allow' });
  });

  it('after 3: a forced step with nothing to force sends its page to the page that does it by choice', async () => {
    expect(await decisionOf(signedIn, pages.resetPassword)).toEqual({ kind: 'redirect', to: 'userPassword' });
    expect(await decisionOf(signedIn, pages.updateProfile)).toEqual({ kind: 'redirect', to: 'userEdit' });
    // The other step still forced wins; a guest is asked to sign in first.
    const profile = { ...signedIn, requiredUpdateProfile: true };
    expect(await decisionOf(profile, pages.resetPassword)).toEqual({ kind: 'redirect', to: 'updateProfile' });
    const password = { ...signedIn, requiredUpdatePassword: true };
    expect(await decisionOf(password, pages.updateProfile)).toEqual({
      kind: 'redirect',
      to: 'resetPassword',
    });
    expect(await decisionOf({}, pages.resetPassword)).toEqual({ kind: 'redirect', to: 'login' });
  });

  it('4 waits for the forced updates: their pages are never sent on to subscriptions', async () => {
    const facts = { ...signedIn, requiredUpdateProfile: true, subscriptionWarning: true };
    expect(await decisionOf(facts, pages.updateProfile)).toEqual({ kind: 'allow' });
    const password = { ...signedIn, requiredUpdatePassword: true, subscriptionWarning: true };
    expect(await decisionOf(password, pages.resetPassword)).toEqual({ kind: 'allow' });
  });

  it('4: the subscription warning sends auth pages to subscriptions, except settings-like pages', async () => {
    const facts = { ...signedIn, subscriptionWarning: true };
    expect(await decisionOf(facts, pages.home)).toEqual({
      kind: 'redirect',
      to: 'subscriptions',
      search: { warning: 'true' },
    });
    for (const page of [pages.userSettings, check('subscriptions', 'auth', '/user/subscriptions')]) {
      expect(await decisionOf(facts, page)).toEqual({ kind: 'allow' });
    }
  });

  it('after 3, before 4: an unfinished registration sends every auth page to the chat', async () => {
    const facts = { ...signedIn, registrationStatus: true, subscriptionWarning: true };
    const toChat = { kind: 'redirect', to: 'registrationChat' };
    expect(await decisionOf(facts, pages.home)).toEqual(toChat);
    expect(await decisionOf(facts, pages.userSettings)).toEqual(toChat);
    // The chat itself is public, so it is never redirected; rule 6 still sends guest pages home.
    expect(await decisionOf(facts, pages.registrationChat)).toEqual({ kind: 'allow' });
    expect(await decisionOf(facts, pages.login)).toEqual({ kind: 'redirect', to: 'home-courses' });
    expect(await decisionOf(facts, pages.logout)).toEqual({ kind: 'allow' });
    // The forced password and profile updates come first.
    const password = { ...facts, requiredUpdatePassword: true };
    expect(await decisionOf(password, pages.home)).toEqual({ kind: 'redirect', to: 'resetPassword' });
    const profile = { ...facts, requiredUpdateProfile: true };
    expect(await decisionOf(profile, pages.home)).toEqual({ kind: 'redirect', to: 'updateProfile' });
    expect(await decisionOf(profile, pages.updateProfile)).toEqual({ kind: 'allow' });
    // A guest with a stale fact is asked to sign in, as on any auth page.
    expect(await decisionOf({ registrationStatus: true }, pages.home)).toEqual({
      kind: 'redirect',
      to: 'login',
    });
  });

  it('5: an auth page without a session remembers where the user was and goes to login', async () => {
    const running = await decide({}, check('chat', 'auth', '/chat/5?draft=1'));
    expect(running.snapshot().context.decision).toEqual({ kind: 'redirect', to: 'login' });
    expect(running.snapshot().value).toBe('redirecting');
    expect(running.effects).toEqual([{ name: 'rememberReturnUrl', params: { href: '/chat/5?draft=1' } }]);
  });

  it('5: the root path is never remembered', async () => {
    const running = await decide({}, check('home', 'auth', '/'));
    expect(running.snapshot().context.decision).toEqual({ kind: 'redirect', to: 'login' });
    expect(running.effects).toEqual([]);
  });

  it('6: a guest page with a session goes to the brand’s home page', async () => {
    expect(await decisionOf(signedIn, pages.login)).toEqual({ kind: 'redirect', to: 'home-courses' });
    expect(await decisionOf({}, pages.login)).toEqual({ kind: 'allow' });
  });

  it('7: a page that needs an e-mail prompts for it; providing allows, cancelling goes back', async () => {
    const facts = { ...signedIn, hasEmail: false };
    const provided = await decide(facts, pages.catalog);
    expect(provided.snapshot().value).toBe('promptingEmail');
    expect(provided.snapshot().context.decision).toEqual({ kind: 'promptEmail' });
    await provided.dispatch({ type: 'EMAIL.PROVIDED' });
    expect(provided.snapshot().context.decision).toEqual({ kind: 'allow' });
    await provided.dispatch(pages.catalog);
    expect(provided.snapshot().context.decision).toEqual({ kind: 'allow' });

    const cancelled = await decide(facts, pages.catalog);
    await cancelled.dispatch({ type: 'EMAIL.CANCEL' });
    expect(cancelled.snapshot().value).toBe('goingBack');
    expect(cancelled.snapshot().context.decision).toEqual({ kind: 'back' });

    expect(await decisionOf(signedIn, pages.catalog)).toEqual({ kind: 'allow' });
  });

  it('everything else is allowed: public pages, auth pages with a session', async () => {
    expect(await decisionOf({}, pages.banners)).toEqual({ kind: 'allow' });
    expect(await decisionOf(signedIn, pages.home)).toEqual({ kind: 'allow' });
  });

  it('decides synchronously, so the router can read the decision right after sending', () => {
    const running = startMachine(spec);
    running.actor.send(pages.home);
    expect(running.snapshot().context.decision).toEqual({ kind: 'redirect', to: 'login' });
  });
});

/** The addresses of the header's links (the menu's stay closed) as one learner sees them. */
async function headerLinks(learner: typeof user, path: string) {
  const { element, stop } = await screenProviders({ path, session: { ...session, user: learner } }, () =>
    createElement(Header),
  );
  const view = render(element);
  try {
    const banner = screen.getByRole('banner');
    return {
      hrefs: within(banner)
        .queryAllByRole('link')
        .map((link) => link.getAttribute('href') ?? ''),
      texts: within(banner)
        .queryAllByRole('link')
        .map((link) => link.textContent),
      brand: within(banner).getByRole('img').getAttribute('alt'),
      menu: within(banner).queryByRole('button', { name: 'Menu' }) !== null,
      sections: within(banner).queryByRole('navigation', { name: 'Sections' }) !== null,
    };
  } finally {
    view.unmount();
    stop();
  }
}

/** Where the guard sends a signed-in learner with these facts who follows a link to `href`. */
async function guardOn(facts: Partial<GuardFacts>, href: string) {
  const name = href === '/logout' ? 'logout' : (routeNameOfPath(href) ?? href);
  return decisionOf({ ...signedIn, ...facts }, check(name, name === 'logout' ? 'logout' : 'auth', href));
}

describe('the header on a forced step', () => {
  const forcedSteps = [
    { step: 'resetPassword', facts: { requiredUpdatePassword: true } },
    { step: 'updateProfile', facts: { requiredUpdateProfile: true } },
  ] as const;

  it('offers every link of the full header to a learner with nothing forced', async () => {
    const full = await headerLinks(user, '/home');
    expect(full.menu && full.sections).toBe(true);
    for (const href of full.hrefs) expect(await guardOn({}, href)).toEqual({ kind: 'allow' });
  });

  it.each(forcedSteps)(
    'on $step, shows only the brand and a sign-out the guard lets through',
    async ({ step, facts }) => {
      // Every link of the full header would bounce back to the step.
      for (const href of (await headerLinks(user, '/home')).hrefs)
        expect(await guardOn(facts, href)).toEqual({ kind: 'redirect', to: step });

      const forced = await headerLinks({ ...user, ...facts }, `/${step}`);
      expect(forced).toEqual({
        hrefs: ['/logout'],
        texts: ['Sign out'],
        brand: 'Brightpath Academy',
        menu: false,
        sections: false,
      });
      expect(await guardOn(facts, '/logout')).toEqual({ kind: 'allow' });
    },
  );
});

describe('the header of a learner', () => {
  it('names the profile link even for an account with neither a name nor an e-mail (made by app id)', async () => {
    // The profile's links: the section link "Profile", and the learner's own beside the points.
    const profileTexts = ({ texts, hrefs }: { texts: (string | null)[]; hrefs: string[] }) =>
      texts.filter((_, index) => hrefs[index] === '/user/edit');
    const nameless = { ...user, firstName: '', lastName: '', email: '' };
    expect(profileTexts(await headerLinks(nameless, '/home'))).toEqual(['Profile', '•My profile']);
    expect(profileTexts(await headerLinks(user, '/home'))).toEqual([
      'Profile',
      expect.stringContaining('Ada'),
    ]);
  });
});
