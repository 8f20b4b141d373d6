import { act, screen } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { ActorRefFrom, AnyMachineSnapshot } from 'xstate';
import { pushPromptMachine, type UsageEvent } from '../../machines/account/pushPrompt.machine';
import { GENERIC_ERROR, NO_CONNECTION } from '../../machines/forms/formSupport';
import { PUSH_PROMPT_PAGE_VIEWS, PUSH_PROMPT_VISIBLE_MS } from '../../src/domain/pushPrompt';
import { PushPromptView } from '../../src/features/account/notifications/PushPrompt';
import { done, failed, networkError, session } from '../fixtures';
import { shownFormError } from '../formErrorTexts';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { button } from '../screenQueries';
import { click, type UserAction } from '../userActions';

const DIALOG = 'Turn on notifications?';

/** The actor the rendered view got: usage reaches it from the router and the clock, as in the app. */
let shown: ActorRefFrom<typeof pushPromptMachine> | null = null;
function CountedPushPromptView({ actor }: { actor: ActorRefFrom<typeof pushPromptMachine> }) {
  shown = actor;
  return createElement(PushPromptView, { actor });
}

/** Usage is counted by the router and the clock, not by a control: it is sent as they send it. */
const counted = (words: string): UserAction => ({
  words: () => words,
  perform: async (_, event) => {
    act(() => shown?.send(event as UsageEvent));
  },
});

const spec = {
  machine: pushPromptMachine,
  spec: 'Shell spec §9 constants: push prompt delays, 1000 page views and 100000 ms; only with the brand’s isPushSupport',
  screen: {
    view: CountedPushPromptView,
    setting: { path: '/home', session },
    actions: {
      'USAGE.PAGE_VIEWS': counted('the learner opens pages'),
      'USAGE.VISIBLE': counted('the learner keeps the app in view'),
      'PROMPT.ACCEPT': click('Turn on', { within: DIALOG }),
      'PROMPT.DECLINE': click('Not now', { within: DIALOG }),
    },
    sees: [
      {
        state: 'checking',
        see: () => expect(screen.queryByRole('dialog')).toBeNull(),
      },
      {
        state: 'counting',
        see: () => expect(screen.queryByRole('dialog')).toBeNull(),
      },
      {
        state: 'offering',
        see: (snapshot: AnyMachineSnapshot) => {
          const dialog = screen.getByRole('dialog', { name: DIALOG });
          expect(dialog.textContent).toContain('Get your reminders to learn');
          const error = snapshot.context.error as string | null;
          expect(screen.getByRole('alert').textContent).toBe(shownFormError(error));
          expect(button('Turn on').getAttribute('aria-busy')).toBeNull();
        },
      },
      {
        state: 'enabling',
        see: () => {
          expect(button('Turn on').getAttribute('aria-busy')).toBe('true');
          expect(button('Not now').disabled).toBe(true);
        },
      },
      { state: 'over', see: () => expect(screen.queryByRole('dialog')).toBeNull() },
    ],
  },
  events: [
    { type: 'USAGE.PAGE_VIEWS', total: 3 },
    { type: 'USAGE.PAGE_VIEWS', total: PUSH_PROMPT_PAGE_VIEWS },
    { type: 'USAGE.VISIBLE', totalMs: 40_000 },
    { type: 'USAGE.VISIBLE', totalMs: PUSH_PROMPT_VISIBLE_MS },
    { type: 'PROMPT.ACCEPT' },
    { type: 'PROMPT.DECLINE' },
    done('isEligible', true),
    done('isEligible', false),
    failed('isEligible', new Error('no storage')),
    done('enablePush', 'on'),
    failed('enablePush', networkError),
  ],
};

describeModel(spec);

describe('pushPrompt', () => {
  it('waits for 1000 page views or 100 s in view, whichever comes first', async () => {
    const byViews = startMachine(spec);
    await byViews.dispatch(done('isEligible', true));
    await byViews.dispatch({ type: 'USAGE.VISIBLE', totalMs: PUSH_PROMPT_VISIBLE_MS - 1 });
    await byViews.dispatch({ type: 'USAGE.PAGE_VIEWS', total: PUSH_PROMPT_PAGE_VIEWS - 1 });
    expect(byViews.snapshot().value).toBe('counting');
    await byViews.dispatch({ type: 'USAGE.PAGE_VIEWS', total: PUSH_PROMPT_PAGE_VIEWS });
    expect(byViews.snapshot().value).toBe('offering');

    const byTime = startMachine(spec);
    await byTime.dispatch(done('isEligible', true));
    await byTime.dispatch({ type: 'USAGE.VISIBLE', totalMs: PUSH_PROMPT_VISIBLE_MS });
    expect(byTime.snapshot().value).toBe('offering');
  });

  it('never counts where push is not offered, and remembers Not now', async () => {
    const ineligible = startMachine(spec);
    await ineligible.dispatch(done('isEligible', false));
    expect(ineligible.snapshot().status).toBe('done');
    expect(ineligible.fakes.started.map((actor) => actor.id)).toEqual(['isEligible']);

    const declining = startMachine(spec);
    await declining.dispatch(done('isEligible', true));
    await declining.dispatch({ type: 'USAGE.VISIBLE', totalMs: PUSH_PROMPT_VISIBLE_MS });
    await declining.dispatch({ type: 'PROMPT.DECLINE' });
    expect(declining.effects.map((effect) => effect.name)).toEqual(['rememberDecline']);
    expect(declining.snapshot().status).toBe('done');
  });

  it('keeps the offer open with the reason when subscribing fails', async () => {
    const running = startMachine(spec);
    await running.dispatch(done('isEligible', true));
    await running.dispatch({ type: 'USAGE.PAGE_VIEWS', total: PUSH_PROMPT_PAGE_VIEWS });
    await running.dispatch({ type: 'PROMPT.ACCEPT' });
    await running.dispatch(failed('enablePush', networkError));
    expect(running.snapshot().value).toBe('offering');
    expect(running.snapshot().context.error).toBe(NO_CONNECTION);
    // A refusal of the browser's own (no RequestError) is no connection's fault.
    await running.dispatch({ type: 'PROMPT.ACCEPT' });
    await running.dispatch(failed('enablePush', new DOMException('denied', 'NotAllowedError')));
    expect(running.snapshot().context.error).toBe(GENERIC_ERROR);
  });
});
