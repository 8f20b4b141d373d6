import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createElement, Fragment } from 'react';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { GENERIC_ERROR, NO_CONNECTION } from '../../machines/forms/formSupport';
import { type AppRatingContext, appRatingMachine } from '../../machines/support/appRating.machine';
import { type AppRatingActor, AppRatingView } from '../../src/features/support/AppRatingPrompt';
import { done, failed, networkError, requestError, serverError, session } from '../fixtures';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { screenProviders } from '../screenProviders';
import { button, fieldErrors, notice } from '../screenQueries';
import { click, typeInto, type UserAction } from '../userActions';

const COMMENT = 'Comment (optional)';
const commentField = () => screen.getByLabelText(COMMENT, { selector: 'textarea' }) as HTMLTextAreaElement;
const card = () => screen.queryByRole('complementary');
const starsLabel = (stars: number) => (stars === 1 ? '1 star' : `${stars} stars`);
const pageHeading = () => screen.getByRole('heading', { level: 1, name: 'My courses' });

/** The server refuses the comment (a pasted control character): its reason goes under the field. */
const CONTROL_CHARACTERS = 'Must not contain control characters.';
const commentRefused = requestError(422, 'Please check the highlighted fields.', {
  comment: [CONTROL_CHARACTERS],
});

/** The card as the home page has it: after the page's `main`, whose h1 takes the focus it leaves. */
const HomePage = ({ actor }: { actor: AppRatingActor }) =>
  createElement(
    Fragment,
    null,
    createElement('main', null, createElement('h1', null, 'My courses')),
    createElement(AppRatingView, { actor }),
  );

const chooseStars: UserAction = {
  words: (event) => `the user chooses “${starsLabel(event.rating)}”`,
  control: (event) => screen.getByRole('radio', { name: starsLabel(event.rating) }),
  perform: (user, event) => user.click(screen.getByRole('radio', { name: starsLabel(event.rating) })),
};

const hidden = { see: () => expect(card()).toBeNull() };

const spec = {
  machine: appRatingMachine,
  spec: 'Content spec names the app rating popup; docs/SUPPORT.md: due after the third finished day, 1 to 5 stars and a comment, "Not now" (30 days), "Don\'t ask again", kept on the server',
  screen: {
    view: HomePage,
    setting: { path: '/home', session },
    actions: {
      'RATING.CHOOSE': chooseStars,
      'FORM.CHANGE': typeInto({ comment: COMMENT }),
      'FORM.SUBMIT': click('Send rating', {
        blockedWhen: (snapshot: AnyMachineSnapshot) => snapshot.context.rating === null,
      }),
      'RATING.LATER': click('Not now'),
      'RATING.NEVER': click("Don't ask again"),
      'RATING.CLOSE': click('Close'),
    },
    sees: [
      { state: 'checking', ...hidden },
      {
        state: 'closed',
        see: (snapshot: AnyMachineSnapshot) => {
          expect(card()).toBeNull();
          // A card that was answered took the focus with it: the page's heading has it, not the body.
          // One that never showed (not due, or the check failed) leaves the focus alone.
          const answered = (snapshot.context as AppRatingContext).answer !== null;
          expect(document.activeElement).toBe(answered ? pageHeading() : document.body);
        },
      },
      {
        state: 'asking',
        see: (snapshot: AnyMachineSnapshot) => {
          expect(screen.getByRole('heading', { name: 'Enjoying Brightpath Academy?' })).toBeTruthy();
          const { rating, comment, formError, errors } = snapshot.context as AppRatingContext;
          const checked = screen.queryAllByRole('radio').find((radio) => (radio as HTMLInputElement).checked);
          expect(checked?.getAttribute('value') ?? null).toBe(rating === null ? null : String(rating));
          expect(commentField().value).toBe(comment);
          expect(button('Send rating').disabled).toBe(rating === null);
          expect(notice()).toBe(formError === null ? '' : 'Failed to save your answer. Try again later');
          // The server's reason for refusing the comment is under it, and is what marks it invalid.
          const refused = errors.comment !== undefined;
          expect(fieldErrors(COMMENT)).toEqual(refused ? [CONTROL_CHARACTERS] : []);
          expect(commentField().getAttribute('aria-invalid')).toBe(refused ? 'true' : null);
        },
      },
      {
        state: 'saving',
        see: (snapshot: AnyMachineSnapshot) => {
          const names = { rated: 'Send rating', later: 'Not now', never: "Don't ask again" } as const;
          const busy = names[snapshot.context.answer.answer as keyof typeof names];
          expect(button(busy).getAttribute('aria-busy')).toBe('true');
          for (const radio of screen.getAllByRole('radio'))
            expect((radio as HTMLInputElement).disabled).toBe(true);
        },
      },
      {
        state: 'thanked',
        see: () => {
          expect(screen.getByRole('heading', { name: 'Thank you for your rating!' })).toBeTruthy();
          expect(screen.queryByRole('radio')).toBeNull();
        },
      },
    ],
  },
  events: [
    done('checkAppRating', { due: true }),
    done('checkAppRating', { due: false }),
    failed('checkAppRating', networkError),
    { type: 'RATING.CHOOSE', rating: 4 },
    { type: 'FORM.CHANGE', field: 'comment', value: 'Lovely' },
    { type: 'FORM.SUBMIT' },
    { type: 'RATING.LATER' },
    { type: 'RATING.NEVER' },
    done('saveAppRating', { due: false }),
    failed('saveAppRating', serverError),
    failed('saveAppRating', commentRefused),
    { type: 'RATING.CLOSE' },
  ],
};

describeModel(spec);

describe('appRating', () => {
  it('sends the stars with the trimmed comment, and the same answer again after a failure', async () => {
    const running = startMachine(spec);
    await running.dispatch(done('checkAppRating', { due: true }));
    await running.dispatch({ type: 'RATING.CHOOSE', rating: 5 });
    await running.dispatch({ type: 'FORM.CHANGE', field: 'comment', value: '  Great  ' });
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.fakes.inputOf('saveAppRating')).toEqual({ answer: 'rated', rating: 5, comment: 'Great' });
    await running.dispatch(failed('saveAppRating', serverError));
    expect(running.snapshot().value).toBe('asking');
    await running.dispatch({ type: 'FORM.SUBMIT' });
    await running.dispatch(done('saveAppRating', { due: false }));
    expect(running.snapshot().value).toBe('thanked');
  });

  it('puts a refused comment’s reason under the comment, which takes the focus, until it is changed', async () => {
    const running = startMachine(spec);
    const { element, stop } = await screenProviders({ path: '/home', session }, () =>
      createElement(HomePage, { actor: running.actor }),
    );
    const view = render(element);
    const user = userEvent.setup();
    try {
      await act(() => running.dispatch(done('checkAppRating', { due: true })));
      await user.click(screen.getByRole('radio', { name: '5 stars' }));
      await user.type(commentField(), 'Great\u0007');
      await user.click(button('Send rating'));
      await act(() => running.dispatch(failed('saveAppRating', commentRefused)));
      // useFocusFirstError waits a frame for the render that marks the field.
      await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      const field = commentField();
      expect(document.activeElement).toBe(field);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      // The reason is the field's description (aria-describedby), as a screen reader announces it.
      expect(fieldErrors(COMMENT)).toEqual([CONTROL_CHARACTERS]);
      // The summary that points at highlighted fields is not shown: the field says it all.
      expect(notice()).toBe('');
      await user.type(field, '!');
      expect(field.getAttribute('aria-invalid')).toBeNull();
      expect(fieldErrors(COMMENT)).toEqual([]);
    } finally {
      view.unmount();
      stop();
      running.actor.stop();
    }
  });

  it('keeps the generic text for a server failure, and says so when no answer came', async () => {
    for (const [error, formError] of [
      [serverError, GENERIC_ERROR],
      [networkError, NO_CONNECTION],
    ] as const) {
      const running = startMachine(spec);
      await running.dispatch(done('checkAppRating', { due: true }));
      await running.dispatch({ type: 'RATING.CHOOSE', rating: 3 });
      await running.dispatch({ type: 'FORM.SUBMIT' });
      await running.dispatch(failed('saveAppRating', error));
      expect(running.snapshot().context).toMatchObject({ errors: {}, formError });
    }
  });

  it('says a refused rating’s reason in the notice, since the card has no field to put it under', async () => {
    const running = startMachine(spec);
    await running.dispatch(done('checkAppRating', { due: true }));
    await running.dispatch({ type: 'RATING.CHOOSE', rating: 3 });
    await running.dispatch({ type: 'FORM.SUBMIT' });
    const stars = requestError(422, 'Please check the highlighted fields.', {
      rating: ['Choose from 1 to 5 stars.'],
    });
    await running.dispatch(failed('saveAppRating', stars));
    expect(running.snapshot().context).toMatchObject({ errors: {}, formError: 'Choose from 1 to 5 stars.' });
  });

  it('answers "Not now" and "Don\'t ask again" without a rating, and closes at once', async () => {
    for (const type of ['RATING.LATER', 'RATING.NEVER'] as const) {
      const running = startMachine(spec);
      await running.dispatch(done('checkAppRating', { due: true }));
      await running.dispatch({ type });
      expect(running.fakes.inputOf('saveAppRating')).toEqual({
        answer: type === 'RATING.LATER' ? 'later' : 'never',
      });
      await running.dispatch(done('saveAppRating', { due: false }));
      expect(running.snapshot().status).toBe('done');
    }
  });
});
