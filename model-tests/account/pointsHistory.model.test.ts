import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { pointsHistoryMachine } from '../../machines/account/pointsHistory.machine';
import type { PointsPage } from '../../src/domain/points';
import { PointsHistoryView } from '../../src/features/account/points/PointsHistoryScreen';
import { done, failed, networkError, networkReturned, session } from '../fixtures';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { screenProviders } from '../screenProviders';
import { button, hasButton, notice } from '../screenQueries';
import { click, networkReturns } from '../userActions';

const at = (iso: string) => Date.parse(iso);

/** The first of two pages: a debit and a top-up, newest first. */
const firstOfTwo: PointsPage = {
  entries: [
    { id: 3, kind: 'debit', amount: 50, updatedAt: at('2026-03-02T10:00:00Z') },
    { id: 2, kind: 'topUp', amount: 1500, updatedAt: at('2026-03-01T10:00:00Z') },
  ],
  page: 1,
  pageCount: 2,
};
const onlyPage: PointsPage = { ...firstOfTwo, pageCount: 1 };
const noEntries: PointsPage = { entries: [], page: 1, pageCount: 0 };
/** The second page repeats entry 2 (a new entry shifted the pages) and adds entry 1. */
const lastOfTwo: PointsPage = {
  entries: [
    { id: 2, kind: 'topUp', amount: 1500, updatedAt: at('2026-03-01T10:00:00Z') },
    { id: 1, kind: 'topUp', amount: 100, updatedAt: at('2026-02-28T10:00:00Z') },
  ],
  page: 2,
  pageCount: 2,
};
const middleOfThree: PointsPage = { ...lastOfTwo, pageCount: 3 };

const rows = () => within(screen.getByRole('list', { name: 'Points history' })).getAllByRole('listitem');
const rowTexts = () => rows().map((row) => row.textContent);

const spec = {
  machine: pointsHistoryMachine,
  spec: 'Shell spec §4 Points history: newest first, 20 a page with "Show more", top-up when positive and debit otherwise as an absolute value',
  screen: {
    view: PointsHistoryView,
    setting: { path: '/user/points/history', session },
    actions: {
      'POINTS_HISTORY.RETRY': click('Try again'),
      'NETWORK.RETURNED': networkReturns,
      'POINTS_HISTORY.MORE': click(/^(Show more|Try again)$/),
    },
    sees: [
      {
        see: () => {
          expect(screen.getByRole('heading', { name: 'Points history' })).toBeTruthy();
          expect(screen.getByRole('link', { name: 'Back to points' }).getAttribute('href')).toBe(
            '/user/points',
          );
        },
      },
      {
        state: 'loading',
        see: () => expect(screen.getByRole('status').textContent).toBe('Loading your points history…'),
      },
      { state: 'failed', see: () => expect(notice()).toBe('Failed to load your points history.') },
      {
        state: 'empty',
        see: () => {
          expect(screen.getByText('No points yet. Top-ups and debits will appear here.')).toBeTruthy();
          expect(screen.queryByRole('list')).toBeNull();
        },
      },
      {
        state: 'shown',
        see: (snapshot: AnyMachineSnapshot) => {
          // Kind in words and by sign, the absolute amount formatted, the date as DD.MM.YYYY and the
          // time as HH:MM in the learner's zone (Europe/London): never colour alone.
          expect(rowTexts().slice(0, 2)).toEqual([
            'Debit02.03.2026 10:00−50',
            'Top-up01.03.2026 10:00+1,500',
          ]);
          const count = snapshot.context.entries.length;
          expect(screen.getByRole('status').textContent).toBe(`${count} entries shown`);
        },
      },
      {
        state: { shown: 'more' },
        see: () => {
          expect(button('Show more').disabled).toBe(false);
          expect(notice()).toBe('');
        },
      },
      {
        state: { shown: 'loadingMore' },
        see: () => expect(button('Show more').getAttribute('aria-busy')).toBe('true'),
      },
      {
        state: { shown: 'moreFailed' },
        see: () => {
          expect(notice()).toBe('Failed to load more entries.');
          expect(button('Try again').disabled).toBe(false);
        },
      },
      {
        state: { shown: 'complete' },
        see: () => {
          expect(hasButton('Show more')).toBe(false);
          expect(hasButton('Try again')).toBe(false);
        },
      },
    ],
  },
  events: [
    { type: 'POINTS_HISTORY.RETRY' },
    networkReturned,
    { type: 'POINTS_HISTORY.MORE' },
    done('loadFirstPage', firstOfTwo),
    done('loadFirstPage', onlyPage),
    done('loadFirstPage', noEntries),
    failed('loadFirstPage', networkError),
    done('loadNextPage', middleOfThree),
    done('loadNextPage', lastOfTwo),
    failed('loadNextPage', networkError),
  ],
};

describeModel(spec);

describe('pointsHistory', () => {
  it('asks for the next page after the last one read and appends it without repeats', async () => {
    const running = startMachine(spec);
    expect(running.fakes.inputOf('loadFirstPage')).toEqual({ page: 1 });
    await running.dispatch(done('loadFirstPage', firstOfTwo));
    await running.dispatch({ type: 'POINTS_HISTORY.MORE' });
    expect(running.fakes.inputOf('loadNextPage')).toEqual({ page: 2 });
    await running.dispatch(done('loadNextPage', lastOfTwo));
    expect(running.snapshot().matches({ shown: 'complete' })).toBe(true);
    expect(running.snapshot().context.entries.map((entry: { id: number }) => entry.id)).toEqual([3, 2, 1]);
  });

  it('keeps the entries shown when the next page fails, and asks for the same page again', async () => {
    const running = startMachine(spec);
    await running.dispatch(done('loadFirstPage', firstOfTwo));
    await running.dispatch({ type: 'POINTS_HISTORY.MORE' });
    await running.dispatch(failed('loadNextPage', networkError));
    expect(running.snapshot().matches({ shown: 'moreFailed' })).toBe(true);
    expect(running.snapshot().context.entries).toHaveLength(2);
    await running.dispatch({ type: 'POINTS_HISTORY.MORE' });
    expect(running.fakes.inputOf('loadNextPage')).toEqual({ page: 2 });
  });

  it('moves the focus from "Show more" to the first entry it added, and Tab leads back to the button', async () => {
    const running = startMachine(spec);
    const { element, stop } = await screenProviders({ path: '/user/points/history', session }, () =>
      createElement(PointsHistoryView, { actor: running.actor }),
    );
    const view = render(element);
    const user = userEvent.setup();
    try {
      await running.dispatch(done('loadFirstPage', firstOfTwo));
      // The first page, as the page opens, leaves the focus where it is.
      expect(document.activeElement).toBe(document.body);
      button('Show more').focus();
      await user.keyboard('{Enter}');
      await running.dispatch(done('loadNextPage', middleOfThree));
      await act(async () => {});
      // Entry 2 was shown already: entry 1 is the one the page added.
      expect(document.activeElement).toBe(rows()[2]);
      expect(rows()[2]?.textContent).toContain('+100');
      await user.tab();
      expect(document.activeElement).toBe(button('Show more'));
    } finally {
      view.unmount();
      stop();
      running.actor.stop();
    }
  });
});
