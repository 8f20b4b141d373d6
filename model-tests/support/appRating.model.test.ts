import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { appRatingMachine } from '../../machines/support/appRating.machine';
import { AppRatingView } from '../../src/features/support/AppRatingPrompt';
import { done, failed, networkError, serverError, session } from '../fixtures';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { button, notice } from '../screenQueries';
import { click, type UserAction } from '../userActions';

const COMMENT = 'Comment (optional)';
const commentField = () => screen.getByLabelText(COMMENT, { selector: 'textarea' }) as HTMLTextAreaElement;
const card = () => screen.queryByRole('complementary');
const starsLabel = (stars: number) => (stars === 1 ? '1 star' : `${stars} stars`);

const chooseStars: UserAction = {
  words: (event) => `the user chooses “${starsLabel(event.rating)}”`,
  control: (event) => screen.getByRole('radio', { name: starsLabel(event.rating) }),
  perform: (user, event) => user.click(screen.getByRole('radio', { name: starsLabel(event.rating) })),
};

const writeComment: UserAction = {
  words: (event) => `the user writes “${String(event.value)}” as the comment`,
  control: commentField,
  perform: async (user, event) => {
    await user.clear(commentField());
    await user.type(commentField(), String(event.value));
  },
};

const hidden = { see: () => expect(card()).toBeNull() };

const spec = {
  machine: appRatingMachine,
  spec: 'Content spec names the app rating popup; docs/SUPPORT.md: due after the third finished day, 1 to 5 stars and a comment, "Not now" (30 days), "Don\'t ask again", kept on the server',
  screen: {
    view: AppRatingView,
    setting: { path: '/home', session },
    actions: {
      'RATING.CHOOSE': chooseStars,
      'RATING.COMMENT': writeComment,
      'RATING.SUBMIT': click('Send rating', {
        blockedWhen: (snapshot: AnyMachineSnapshot) => snapshot.context.rating === null,
      }),
      'RATING.LATER': click('Not now'),
      'RATING.NEVER': click("Don't ask again"),
      'RATING.CLOSE': click('Close'),
    },
    sees: [
      { state: 'checking', ...hidden },
      { state: 'closed', ...hidden },
      {
        state: 'asking',
        see: (snapshot: AnyMachineSnapshot) => {
          expect(screen.getByRole('heading', { name: 'Enjoying Brightpath Academy?' })).toBeTruthy();
          const { rating, comment, formError } = snapshot.context;
          const checked = screen.queryAllByRole('radio').find((radio) => (radio as HTMLInputElement).checked);
          expect(checked?.getAttribute('value') ?? null).toBe(rating === null ? null : String(rating));
          expect(commentField().value).toBe(comment);
          expect(button('Send rating').disabled).toBe(rating === null);
          expect(notice()).toBe(formError === null ? '' : 'Failed to save your answer. Try again later');
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
    { type: 'RATING.COMMENT', value: 'Lovely' },
    { type: 'RATING.SUBMIT' },
    { type: 'RATING.LATER' },
    { type: 'RATING.NEVER' },
    done('saveAppRating', { due: false }),
    failed('saveAppRating', serverError),
    { type: 'RATING.CLOSE' },
  ],
};

describeModel(spec);

describe('appRating', () => {
  it('sends the stars with the trimmed comment, and the same answer again after a failure', async () => {
    const running = startMachine(spec);
    await running.dispatch(done('checkAppRating', { due: true }));
    await running.dispatch({ type: 'RATING.CHOOSE', rating: 5 });
    await running.dispatch({ type: 'RATING.COMMENT', value: '  Great  ' });
    await running.dispatch({ type: 'RATING.SUBMIT' });
    expect(running.fakes.inputOf('saveAppRating')).toEqual({ answer: 'rated', rating: 5, comment: 'Great' });
    await running.dispatch(failed('saveAppRating', serverError));
    expect(running.snapshot().value).toBe('asking');
    await running.dispatch({ type: 'RATING.SUBMIT' });
    await running.dispatch(done('saveAppRating', { due: false }));
    expect(running.snapshot().value).toBe('thanked');
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
