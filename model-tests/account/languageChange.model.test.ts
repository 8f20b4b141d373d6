import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import {
  type LanguageChangeContext,
  type LanguageChangeInput,
  languageChangeMachine,
} from '../../machines/account/languageChange.machine';
import { SettingsView } from '../../src/features/account/SettingsScreen';
import { done, failed, networkError, requestError, session, user } from '../fixtures';
import { shownFormError } from '../formErrorTexts';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { screenProviders } from '../screenProviders';
import { button, notice } from '../screenQueries';
import { click, fromOutside, type UserAction } from '../userActions';

/** A brand with all three languages, and one without Spanish (Kite's ru and en). */
const allLanguages: LanguageChangeInput = { current: 'en', supported: ['en', 'ru', 'es'] };
const withoutSpanish: LanguageChangeInput = { current: 'ru', supported: ['ru', 'en'] };

const DIALOG = 'Change the language?';
const NAMES: Record<string, string> = { en: 'English', ru: 'Русский', es: 'Español' };
const saved = { ...user, languageCode: 'es' as const };
const refusedByServer = requestError(422, 'Check the form', { languageCode: ['Unknown language.'] });

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as LanguageChangeContext;
const listed = (snapshot: AnyMachineSnapshot, event: AnyEventObject) =>
  contextOf(snapshot).supported.some((language) => language === event.language);

/** The settings' "Language" buttons, one per language of the brand. */
const languageGroup = () => screen.getByRole('group', { name: 'Language' });
const languageButton = (language: string) =>
  within(languageGroup()).getByRole('button', { name: NAMES[language] ?? language });
const pressedLanguages = () =>
  within(languageGroup())
    .getAllByRole('button', { pressed: true })
    .map((button) => button.getAttribute('lang'));

/**
 * The user presses a language's button under "Language". Only the brand's languages have one, so an
 * unsupported language cannot be chosen there: the screen does not offer it.
 */
const chooseLanguage: UserAction = {
  words: (event) => `the user presses “${NAMES[event.language] ?? event.language}” under “Language”`,
  control: (event) => languageButton(String(event.language)),
  perform: (user, event) => user.click(languageButton(String(event.language))),
  blockedWhen: (snapshot, event) => !listed(snapshot, event),
};

const dialogNotice = () =>
  within(screen.getByRole('dialog', { name: DIALOG })).getByRole('alert').textContent;

const spec = {
  machine: languageChangeMachine,
  spec: 'Content spec §5: a language must be in the supported list; the language change dialog offers Yes and No, No cancels',
  inputs: [allLanguages, withoutSpanish],
  screen: {
    view: SettingsView,
    setting: { path: '/user/settings', session },
    actions: {
      'LANGUAGE.CHOOSE': chooseLanguage,
      'LANGUAGE.CONFIRM': click('Yes', { within: DIALOG }),
      'LANGUAGE.CANCEL': click('No', { within: DIALOG }),
      'LANGUAGE.IN_USE': fromOutside("the app's language changes (the learner's saved one arrives)"),
    },
    sees: [
      {
        state: 'idle',
        see: (snapshot: AnyMachineSnapshot) => {
          const context = contextOf(snapshot);
          expect(screen.queryByRole('dialog')).toBeNull();
          expect(pressedLanguages()).toEqual([context.current]);
          expect(notice()).toBe(context.refused ? 'This language is not available.' : '');
          expect(screen.getByRole('link', { name: 'Change password' }).getAttribute('href')).toBe(
            '/user/settings/password',
          );
        },
      },
      {
        state: 'confirming',
        see: (snapshot: AnyMachineSnapshot) => {
          const context = contextOf(snapshot);
          const dialog = screen.getByRole('dialog', { name: DIALOG });
          expect(dialog.textContent).toContain(NAMES[context.chosen ?? '']);
          // Only Yes changes the language: the one in use stays pressed while the dialog asks.
          expect(pressedLanguages()).toEqual([context.current]);
          expect(dialogNotice()).toBe(shownFormError(context.error));
          expect(button('Yes').getAttribute('aria-busy')).toBeNull();
          expect(button('No').disabled).toBe(false);
        },
      },
      {
        state: 'saving',
        see: () => {
          expect(button('Yes').getAttribute('aria-busy')).toBe('true');
          expect(button('No').disabled).toBe(true);
        },
      },
      {
        state: 'switching',
        see: () => {
          expect(button('Yes').getAttribute('aria-busy')).toBe('true');
          expect(button('No').disabled).toBe(true);
        },
      },
    ],
  },
  events: [
    { type: 'LANGUAGE.CHOOSE', language: 'es' },
    { type: 'LANGUAGE.CHOOSE', language: 'en' },
    { type: 'LANGUAGE.CHOOSE', language: 'ru' },
    { type: 'LANGUAGE.CONFIRM' },
    { type: 'LANGUAGE.CANCEL' },
    { type: 'LANGUAGE.IN_USE', language: 'ru' },
    { type: 'LANGUAGE.IN_USE', language: 'es' },
    done('saveLanguage', saved),
    failed('saveLanguage', refusedByServer),
    done('switchLanguage'),
    failed('switchLanguage', networkError),
  ],
};

describeModel(spec);

describe('languageChange', () => {
  it('refuses a language the brand does not support and asks nothing', async () => {
    const running = startMachine(spec, withoutSpanish);
    await running.dispatch({ type: 'LANGUAGE.CHOOSE', language: 'es' });
    expect(running.snapshot().value).toBe('idle');
    expect(running.snapshot().context.refused).toBe('es');
    expect(running.fakes.started).toEqual([]);
  });

  it('No closes the dialog and changes nothing', async () => {
    const running = startMachine(spec, allLanguages);
    await running.dispatch({ type: 'LANGUAGE.CHOOSE', language: 'es' });
    await running.dispatch({ type: 'LANGUAGE.CANCEL' });
    expect(running.snapshot().value).toBe('idle');
    expect(running.snapshot().context).toMatchObject({ current: 'en', chosen: null });
    expect(running.fakes.started).toEqual([]);
    expect(running.effects).toEqual([]);
  });

  it('Yes saves the language in the profile, updates the user, then switches the texts', async () => {
    const running = startMachine(spec, allLanguages);
    await running.dispatch({ type: 'LANGUAGE.CHOOSE', language: 'es' });
    await running.dispatch({ type: 'LANGUAGE.CONFIRM' });
    expect(running.fakes.inputOf('saveLanguage')).toEqual({ language: 'es' });
    await running.dispatch(done('saveLanguage', saved));
    expect(running.effects.map((effect) => effect.name)).toEqual(['updateUser']);
    expect(running.effects[0]?.params).toEqual({ user: saved });
    expect(running.fakes.inputOf('switchLanguage')).toEqual({ language: 'es' });
    await running.dispatch(done('switchLanguage'));
    expect(running.snapshot().value).toBe('idle');
    expect(running.snapshot().context).toMatchObject({ current: 'es', chosen: null });
  });

  it('keeps the dialog open with the reason when the save fails', async () => {
    const running = startMachine(spec, allLanguages);
    await running.dispatch({ type: 'LANGUAGE.CHOOSE', language: 'ru' });
    await running.dispatch({ type: 'LANGUAGE.CONFIRM' });
    await running.dispatch(failed('saveLanguage', refusedByServer));
    expect(running.snapshot().value).toBe('confirming');
    expect(running.snapshot().context.error).toBe('Check the form');
    expect(running.effects).toEqual([]);
  });

  it('lets a keyboard user move past languages to the one they want; only pressing one asks', async () => {
    const running = startMachine(spec, allLanguages);
    const { element, stop } = await screenProviders({ path: '/user/settings', session }, () =>
      createElement(SettingsView, { actor: running.actor }),
    );
    const view = render(element);
    const user = userEvent.setup();
    try {
      languageButton('en').focus();
      await user.tab();
      expect(document.activeElement).toBe(languageButton('ru'));
      await user.tab();
      expect(document.activeElement).toBe(languageButton('es'));
      // Moving through the languages changes nothing and opens nothing.
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(running.snapshot().value).toBe('idle');
      await user.keyboard('{Enter}');
      expect(running.snapshot().value).toBe('confirming');
      expect(running.snapshot().context.chosen).toBe('es');
      expect(screen.getByRole('dialog', { name: DIALOG }).textContent).toContain('Español');
    } finally {
      view.unmount();
      stop();
      running.actor.stop();
    }
  });

  it("follows the app's language when the learner's own arrives after the page opened", async () => {
    const running = startMachine(spec, allLanguages);
    await running.dispatch({ type: 'LANGUAGE.IN_USE', language: 'ru' });
    expect(running.snapshot().context.current).toBe('ru');
    // English, no longer in use, now asks; Russian, in use, asks nothing.
    await running.dispatch({ type: 'LANGUAGE.CHOOSE', language: 'ru' });
    expect(running.snapshot().value).toBe('idle');
    await running.dispatch({ type: 'LANGUAGE.CHOOSE', language: 'en' });
    expect(running.snapshot().value).toBe('confirming');
    // A language the brand lacks is never the one in use.
    const kite = startMachine(spec, withoutSpanish);
    await kite.dispatch({ type: 'LANGUAGE.IN_USE', language: 'es' });
    expect(kite.snapshot().context.current).toBe('ru');
  });

  it('asks nothing when the language in use is pressed', async () => {
    const running = startMachine(spec, allLanguages);
    await running.dispatch({ type: 'LANGUAGE.CHOOSE', language: 'en' });
    expect(running.snapshot().value).toBe('idle');
    expect(running.fakes.started).toEqual([]);
  });
});
