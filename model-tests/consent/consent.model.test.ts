import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { type ConsentContext, consentMachine } from '../../machines/consent/consent.machine';
import type { CookiePolicy } from '../../src/domain/consent';
import { ConsentBannerView } from '../../src/features/consent/ConsentBanner';
import { CookiePolicyView } from '../../src/features/consent/CookiePolicyScreen';
import { done, failed, networkError, session } from '../fixtures';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { screenProviders } from '../screenProviders';
import { button } from '../screenQueries';
import { click, type UserAction } from '../userActions';

// The banner's settings dialog loads on demand in the app; here it is at hand, as each step expects.
vi.mock(
  '../../src/features/consent/lazyCookieSettings',
  () => import('../../src/features/consent/CookieSettingsDialog'),
);

const BANNER = 'We use cookies';
const SETTINGS = 'Cookie settings';
const SWITCHES = { analytics: 'Analytics', marketing: 'Marketing' } as const;

const essentialOnly: CookiePolicy = { essential: true, analytics: false, marketing: false };
const analyticsOnly: CookiePolicy = { essential: true, analytics: true, marketing: false };
const everything: CookiePolicy = { essential: true, analytics: true, marketing: true };

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as ConsentContext;
const bannerShown = () => screen.queryByRole('region', { name: BANNER }) !== null;
const settingsOpen = () => screen.queryByRole('dialog', { name: SETTINGS }) !== null;
const switchOf = (name: string) =>
  within(screen.getByRole('dialog', { name: SETTINGS })).getByRole('switch', { name });

/** Only the banner's settings dialog has the switches; the banner itself offers none. */
const toggle: UserAction = {
  words: (event) => `the user flips “${SWITCHES[event.category as keyof typeof SWITCHES]}”`,
  control: (event) => switchOf(SWITCHES[event.category as keyof typeof SWITCHES]),
  perform: (user, event) => user.click(switchOf(SWITCHES[event.category as keyof typeof SWITCHES])),
  blockedWhen: (snapshot) => !snapshot.matches('editing'),
};

/** What the banner does not offer at all: the page offers it (tested below), or it is not the user's doing. */
const notOnBanner = (words: string): UserAction => ({
  words: () => words,
  perform: async () => {
    throw new Error(`${words} is not on the banner`);
  },
  blockedWhen: () => true,
  control: () => {
    throw new Error('not on the banner');
  },
});

/** Buttons of the banner, present only while it shows (an unset choice). */
const onBanner = (name: string): UserAction =>
  click(name, { blockedWhen: (snapshot) => !snapshot.matches('unset') });

const spec = {
  machine: consentMachine,
  spec: 'Shell spec §4 Cookie consent: unset, then dismiss (essential only), accept all or custom choices (essential always on); the banner shows only while unset and the cookie feature is on; §9: default essential only, all allowed when the feature is off',
  screen: {
    view: ConsentBannerView,
    setting: { path: '/' },
    actions: {
      'CONSENT.DISMISS': onBanner('Essential only'),
      'CONSENT.ACCEPT_ALL': {
        words: () => 'the user presses “Agree to all”',
        control: () =>
          settingsOpen()
            ? within(screen.getByRole('dialog', { name: SETTINGS })).getByRole('button', {
                name: 'Agree to all',
              })
            : button('Agree to all'),
        perform: async (user) => {
          const scope = settingsOpen() ? within(screen.getByRole('dialog', { name: SETTINGS })) : screen;
          await user.click(scope.getByRole('button', { name: 'Agree to all' }));
        },
        blockedWhen: (snapshot) => !(snapshot.matches('unset') || snapshot.matches('editing')),
      } satisfies UserAction,
      'CONSENT.OPEN_SETTINGS': onBanner('Settings'),
      'CONSENT.TOGGLE': toggle,
      'CONSENT.SAVE': click('Save my choices', {
        within: SETTINGS,
        blockedWhen: (snapshot) => !snapshot.matches('editing'),
      }),
      'CONSENT.CANCEL': click('Close', { within: SETTINGS }),
      'CONSENT.RETRY': notOnBanner('the user presses “Try again” on the settings page'),
      'CONSENT.ADOPT': notOnBanner('the learner’s stored choice arrives after a sign-in'),
    },
    sees: [
      {
        state: 'loading',
        see: () => expect(bannerShown()).toBe(false),
      },
      {
        state: 'unset',
        see: () => {
          const banner = screen.getByRole('region', { name: BANNER });
          expect(banner.textContent).toContain('Essential cookies keep the site working.');
          for (const name of ['Essential only', 'Settings', 'Agree to all'])
            expect(within(banner).getByRole('button', { name })).toBeTruthy();
          expect(settingsOpen()).toBe(false);
        },
      },
      {
        state: 'editing',
        when: (snapshot: AnyMachineSnapshot) => !contextOf(snapshot).chosen,
        see: (snapshot: AnyMachineSnapshot) => {
          const { draft } = contextOf(snapshot);
          expect(bannerShown()).toBe(true);
          const essential = switchOf('Essential') as HTMLInputElement;
          expect(essential.checked && essential.disabled).toBe(true);
          expect((switchOf('Analytics') as HTMLInputElement).checked).toBe(draft.analytics);
          expect((switchOf('Marketing') as HTMLInputElement).checked).toBe(draft.marketing);
        },
      },
      {
        state: 'editing',
        when: (snapshot: AnyMachineSnapshot) => contextOf(snapshot).chosen,
        see: () => expect(bannerShown()).toBe(false),
      },
      { state: 'chosen', see: () => expect(bannerShown()).toBe(false) },
      { state: 'allowedAll', see: () => expect(bannerShown()).toBe(false) },
    ],
  },
  events: [
    done('loadConsent', { isEnabled: true, stored: null }),
    done('loadConsent', { isEnabled: true, stored: analyticsOnly }),
    done('loadConsent', { isEnabled: false, stored: null }),
    failed('loadConsent', networkError),
    { type: 'CONSENT.DISMISS' },
    { type: 'CONSENT.ACCEPT_ALL' },
    { type: 'CONSENT.OPEN_SETTINGS' },
    { type: 'CONSENT.TOGGLE', category: 'analytics' },
    { type: 'CONSENT.TOGGLE', category: 'marketing' },
    { type: 'CONSENT.SAVE' },
    { type: 'CONSENT.CANCEL' },
    { type: 'CONSENT.RETRY' },
    { type: 'CONSENT.ADOPT', policy: everything },
    done('savePolicy'),
    failed('savePolicy', networkError),
  ],
};

describeModel(spec);

const remembered = (running: ReturnType<typeof startMachine>) =>
  running.effects.filter((effect) => effect.name === 'rememberChoice').map((effect) => effect.params);

describe('consent', () => {
  const unset = done('loadConsent', { isEnabled: true, stored: null });

  it('dismiss remembers essential only and saves it', async () => {
    const running = startMachine(spec);
    await running.dispatch(unset);
    await running.dispatch({ type: 'CONSENT.DISMISS' });
    expect(remembered(running)).toEqual([{ policy: essentialOnly }]);
    expect(running.fakes.inputOf('savePolicy')).toEqual({ policy: essentialOnly });
  });

  it('agree to all remembers every category', async () => {
    const running = startMachine(spec);
    await running.dispatch(unset);
    await running.dispatch({ type: 'CONSENT.ACCEPT_ALL' });
    expect(remembered(running)).toEqual([{ policy: everything }]);
  });

  it('custom choices keep essential on and remember exactly what was switched', async () => {
    const running = startMachine(spec);
    await running.dispatch(unset);
    await running.dispatch({ type: 'CONSENT.OPEN_SETTINGS' });
    await running.dispatch({ type: 'CONSENT.TOGGLE', category: 'analytics' });
    await running.dispatch({ type: 'CONSENT.SAVE' });
    expect(remembered(running)).toEqual([{ policy: analyticsOnly }]);
    expect(running.snapshot().context.policy).toEqual(analyticsOnly);
  });

  it('closing the settings unsaved returns to the banner and remembers nothing', async () => {
    const running = startMachine(spec);
    await running.dispatch(unset);
    await running.dispatch({ type: 'CONSENT.OPEN_SETTINGS' });
    await running.dispatch({ type: 'CONSENT.TOGGLE', category: 'marketing' });
    await running.dispatch({ type: 'CONSENT.CANCEL' });
    expect(running.snapshot().value).toBe('unset');
    expect(running.snapshot().context.draft).toEqual(essentialOnly);
    expect(remembered(running)).toEqual([]);
  });

  it('allows everything and shows nothing where the brand does not ask', async () => {
    const running = startMachine(spec);
    await running.dispatch(done('loadConsent', { isEnabled: false, stored: null }));
    expect(running.snapshot().value).toBe('allowedAll');
    expect(running.snapshot().context.policy).toEqual(everything);
    expect(remembered(running)).toEqual([]);
  });

  it('a stored choice starts decided, without writing it again', async () => {
    const running = startMachine(spec);
    await running.dispatch(done('loadConsent', { isEnabled: true, stored: analyticsOnly }));
    expect(running.snapshot().value).toEqual({ chosen: 'saved' });
    expect(remembered(running)).toEqual([]);
    expect(running.fakes.started.map((started) => started.id)).toEqual(['loadConsent']);
  });
});

/** The settings page runs the same machine: the same switches, saved for the learner, with a retry. */
describe('the cookie settings page', () => {
  async function renderPage() {
    const running = startMachine(spec);
    const { element, stop } = await screenProviders({ path: '/user/settings/cookie', session }, () =>
      createElement(CookiePolicyView, { actor: running.actor }),
    );
    const view = render(element);
    return {
      running,
      cleanup: () => {
        view.unmount();
        stop();
        running.actor.stop();
      },
    };
  }

  it('changes a stored choice, says it is saved, and offers a retry when saving fails', async () => {
    const { running, cleanup } = await renderPage();
    const user = userEvent.setup();
    try {
      expect(screen.getByRole('status').textContent).toContain('Loading your cookie settings');
      await running.dispatch(done('loadConsent', { isEnabled: true, stored: essentialOnly }));
      expect(button('Save my choices').disabled).toBe(true);
      await user.click(screen.getByRole('switch', { name: 'Marketing' }));
      expect(running.snapshot().value).toBe('editing');
      await user.click(button('Save my choices'));
      expect(running.fakes.inputOf('savePolicy')).toEqual({
        policy: { essential: true, analytics: false, marketing: true },
      });
      await running.dispatch(failed('savePolicy', networkError));
      expect(screen.getByRole('alert').textContent).toBe(
        'Your choice is kept in this browser, but it could not be saved to your account.',
      );
      await user.click(button('Try again'));
      await running.dispatch(done('savePolicy'));
      expect(screen.getByRole('alert').textContent).toBe('Your choice is saved.');
    } finally {
      cleanup();
    }
  });

  it('says every category is allowed where the brand does not ask', async () => {
    const { running, cleanup } = await renderPage();
    try {
      await running.dispatch(done('loadConsent', { isEnabled: false, stored: null }));
      expect(
        screen.getByText('This site does not ask for cookie consent: every category is allowed.'),
      ).toBeTruthy();
      expect(screen.queryByRole('switch')).toBeNull();
    } finally {
      cleanup();
    }
  });
});
