import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { appMachine } from '../../../machines/shell/app.machine';
import type { sessionMachine } from '../../../machines/shell/session.machine';
import { guardFacts } from '../../../src/app/guardFacts';

type Subscription = { isActive: boolean; isLifetime: boolean };

/** Just the parts of the two snapshots that the facts are read from. */
function factsWith(subscriptions: Subscription[]) {
  const session = { matches: () => true, context: { user: null } };
  const app = { context: { subscriptions, lists: { streams: [{ isOptionalPurchase: true }] } } };
  return guardFacts(
    session as unknown as SnapshotFrom<typeof sessionMachine>,
    app as unknown as SnapshotFrom<typeof appMachine>,
  );
}

describe('route guard facts, rule 4', () => {
  it('warns a learner whose subscriptions all ended', () => {
    expect(factsWith([{ isActive: false, isLifetime: false }]).subscriptionWarning).toBe(true);
  });

  it('counts a lifetime subscription as active', () => {
    expect(factsWith([{ isActive: false, isLifetime: true }]).subscriptionWarning).toBe(false);
  });
});

/** The facts of a signed-in user with `status` on a brand with or without chat questions. */
function registrationFacts(status: number, questions: readonly unknown[]) {
  const session = { matches: () => true, context: { user: { status, email: 'a@example.com' } } };
  const app = { context: { subscriptions: [], lists: null, brand: { userInfoChat: { questions } } } };
  return guardFacts(
    session as unknown as SnapshotFrom<typeof sessionMachine>,
    app as unknown as SnapshotFrom<typeof appMachine>,
  ).registrationStatus;
}

describe('route guard facts, the unfinished registration', () => {
  const questions = [{ name: 'email', type: 'email', required: true }];

  it('holds for a chat status (20, 30, 40) on a brand with the chat', () => {
    expect([20, 30, 40].map((status) => registrationFacts(status, questions))).toEqual([true, true, true]);
  });

  it('does not hold for an active account, or on a brand without the chat', () => {
    expect(registrationFacts(10, questions)).toBe(false);
    expect(registrationFacts(30, [])).toBe(false);
  });
});
