import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { pointsMachine } from '../../machines/account/points.machine';
import { PointsView } from '../../src/features/account/points/PointsScreen';
import { done, failed, networkError, networkReturned, session } from '../fixtures';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { notice } from '../screenQueries';
import { click, networkReturns } from '../userActions';

// The default brand spends from 200 points: one balance below it, one at it, and none at all.
const spec = {
  machine: pointsMachine,
  spec: 'Shell spec §4 Points page: the balance, spending only from countPointsToDebit (default 200), how it works, questions and answers',
  screen: {
    view: PointsView,
    setting: { path: '/user/points', session },
    actions: { 'POINTS.RETRY': click('Try again'), 'NETWORK.RETURNED': networkReturns },
    sees: [
      {
        see: () => {
          expect(screen.getByRole('heading', { name: 'Points', level: 1 })).toBeTruthy();
          expect(screen.getByRole('link', { name: 'Points history' }).getAttribute('href')).toBe(
            '/user/points/history',
          );
          expect(screen.getByText('You can spend points once your balance reaches 200 points.')).toBeTruthy();
          expect(screen.getByRole('heading', { name: 'Questions and answers' })).toBeTruthy();
          expect(screen.getByText('How do I earn points?')).toBeTruthy();
        },
      },
      {
        state: 'loading',
        see: () => expect(screen.getByRole('status').textContent).toBe('Loading your points…'),
      },
      {
        state: 'loaded',
        when: (snapshot: AnyMachineSnapshot) => snapshot.context.balance === 1250,
        see: () => {
          expect(screen.getByText('1,250').closest('dd')?.textContent).toBe('1,250 points');
          expect(screen.getByText('You can spend your points.')).toBeTruthy();
          expect(screen.queryByText(/^No points yet/)).toBeNull();
        },
      },
      {
        state: 'loaded',
        when: (snapshot: AnyMachineSnapshot) => snapshot.context.balance === 150,
        see: () => {
          expect(screen.getByText('150').closest('dd')?.textContent).toBe('150 points');
          expect(screen.getByText('50 more points to go before you can spend points.')).toBeTruthy();
          expect(screen.queryByText('You can spend your points.')).toBeNull();
        },
      },
      {
        state: 'loaded',
        when: (snapshot: AnyMachineSnapshot) => snapshot.context.balance === 0,
        see: () => {
          expect(screen.getByText(/^No points yet/)).toBeTruthy();
          expect(screen.getByText('200 more points to go before you can spend points.')).toBeTruthy();
        },
      },
      { state: 'failed', see: () => expect(notice()).toBe('Failed to load your points.') },
    ],
  },
  events: [
    { type: 'POINTS.RETRY' },
    networkReturned,
    done('loadBalance', 1250),
    done('loadBalance', 150),
    done('loadBalance', 0),
    failed('loadBalance', networkError),
  ],
};

describeModel(spec);

describe('points', () => {
  it('reads the balance and, after a failure, reads it again on retry', async () => {
    const running = startMachine(spec);
    await running.dispatch(failed('loadBalance', networkError));
    expect(running.snapshot().value).toBe('failed');
    expect(running.snapshot().context.error).toEqual(networkError);
    await running.dispatch({ type: 'POINTS.RETRY' });
    await running.dispatch(done('loadBalance', 150));
    expect(running.snapshot().value).toBe('loaded');
    expect(running.snapshot().context).toEqual({ balance: 150, error: null });
  });
});
