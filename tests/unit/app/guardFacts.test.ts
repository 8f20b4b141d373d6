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
