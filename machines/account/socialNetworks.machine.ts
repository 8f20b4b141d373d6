/**
 * The social networks screen (shell spec, section 3 "Auth client entries have name and linked";
 * section 4 "Social link flow"): the brand's networks the server offers, each linked or not. An
 * unlinked network starts a redirect to the provider (section 7: a provider URL with token,
 * successUrl and cancelUrl); a linked one asks first ("attention", section 8) and, confirmed, removes
 * that external auth. The browser comes back with `action=link`, `status`, `errorCode` and
 * `errorMessage`: the screen shows that outcome and clears it from the address.
 *
 * The last link of an account without a password is its only way to sign in: instead of the warning,
 * the learner is told to set a password first (the server refuses that unlink too, with a 409). An
 * unlink that went through changes only that row, which stays on screen with its button (the focus
 * stays on it) and a status line saying so; the row of a network the site no longer offers goes,
 * since it could not be linked again here.
 */
import { and, assign, fromPromise, setup } from 'xstate';
import type { LinkOutcome } from '../../src/domain/linkOutcome';
import type { ExternalAuthSource } from '../../src/domain/user';
import { loadFailedState, type NetworkReturnedEvent, networkReturn } from '../common/networkReturn';
import { unprovided } from '../common/unprovided';
import { formErrorFrom } from '../forms/formSupport';

/** A network as the list shows it; `offered` false: still linked, no longer offered by the site. */
export type SocialNetwork = { source: ExternalAuthSource; linkId: number | null; offered: boolean };

export type { LinkOutcome };

/** `hasPassword`: the signed-in user's (an account made through a network has none until it sets one). */
export type SocialNetworksInput = { outcome: LinkOutcome | null; hasPassword: boolean };

export type SocialNetworksContext = {
  networks: SocialNetwork[];
  outcome: LinkOutcome | null;
  hasPassword: boolean;
  /** The network the last unlink removed, for the status line. */
  unlinked: ExternalAuthSource | null;
  /** The linked network the "attention" dialog asks about. */
  unlinking: SocialNetwork | null;
  /** A failed load or unlink: the server's message or GENERIC_ERROR. */
  error: string | null;
};

export type SocialNetworksEvent =
  | { type: 'NETWORKS.LINK'; source: ExternalAuthSource }
  | { type: 'NETWORKS.UNLINK'; source: ExternalAuthSource }
  | { type: 'NETWORKS.CONFIRM' }
  | { type: 'NETWORKS.CANCEL' }
  | { type: 'NETWORKS.RETRY' }
  | NetworkReturnedEvent;

const networkOf = (context: SocialNetworksContext, source: ExternalAuthSource) =>
  context.networks.find((network) => network.source === source);

/** The network an unlink asks about; an earlier outcome or status line no longer applies. */
const asked = ({ context, event }: { context: SocialNetworksContext; event: SocialNetworksEvent }) => ({
  unlinking: event.type === 'NETWORKS.UNLINK' ? (networkOf(context, event.source) ?? null) : null,
  outcome: null,
  unlinked: null,
  error: null,
});

export const socialNetworksMachine = setup({
  types: {
    context: {} as SocialNetworksContext,
    events: {} as SocialNetworksEvent,
    input: {} as SocialNetworksInput,
  },
  actors: {
    loadNetworks: fromPromise<SocialNetwork[]>(unprovided),
    unlink: fromPromise<void, { linkId: number }>(unprovided),
    networkReturn,
  },
  actions: {
    /** Hands the browser to the provider through the server (the page is left). */
    startLink: (_, _params: { source: ExternalAuthSource }) => {},
    /** Drops the outcome from the address (router replace), so a reload does not show it again. */
    clearOutcome: () => {},
    /** The session's user lists its links too (`userExternalAuths`): it is fetched again. */
    refreshUser: () => {},
  },
  guards: {
    hasOutcome: ({ context }) => context.outcome !== null,
    isUnlinked: ({ context, event }) =>
      event.type === 'NETWORKS.LINK' && networkOf(context, event.source)?.linkId === null,
    isLinked: ({ context, event }) =>
      event.type === 'NETWORKS.UNLINK' && (networkOf(context, event.source)?.linkId ?? null) !== null,
    isOnlySignIn: ({ context }) =>
      !context.hasPassword && context.networks.filter((network) => network.linkId !== null).length === 1,
  },
}).createMachine({
  id: 'socialNetworks',
  context: ({ input }) => ({
    networks: [],
    outcome: input.outcome,
    hasPassword: input.hasPassword,
    unlinked: null,
    unlinking: null,
    error: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [
        // Back from a provider: the links may have changed, and the address must lose the outcome.
        { guard: 'hasOutcome', target: 'loading', actions: ['clearOutcome', 'refreshUser'] },
        { target: 'loading' },
      ],
    },
    loading: {
      invoke: {
        id: 'loadNetworks',
        src: 'loadNetworks',
        onDone: { target: 'list', actions: assign({ networks: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'loadFailed',
          actions: assign({ error: ({ event }) => formErrorFrom(event.error) }),
        },
      },
    },
    loadFailed: loadFailedState('NETWORKS.RETRY', 'loading'),
    list: {
      on: {
        'NETWORKS.LINK': {
          guard: 'isUnlinked',
          target: 'redirecting',
          actions: { type: 'startLink', params: ({ event }) => ({ source: event.source }) },
        },
        'NETWORKS.UNLINK': [
          { guard: and(['isLinked', 'isOnlySignIn']), target: 'passwordFirst', actions: assign(asked) },
          { guard: 'isLinked', target: 'confirming', actions: assign(asked) },
        ],
      },
    },
    /** The network is the account's only way in: a password comes first (the dialog links to it). */
    passwordFirst: {
      on: { 'NETWORKS.CANCEL': { target: 'list', actions: assign({ unlinking: null }) } },
    },
    /** The browser is on its way to the provider. */
    redirecting: {},
    confirming: {
      on: {
        'NETWORKS.CONFIRM': 'removing',
        'NETWORKS.CANCEL': { target: 'list', actions: assign({ unlinking: null, error: null }) },
      },
    },
    removing: {
      invoke: {
        id: 'unlink',
        src: 'unlink',
        input: ({ context }) => ({ linkId: context.unlinking?.linkId ?? 0 }),
        onDone: {
          target: 'list',
          actions: [
            assign(({ context }) => ({
              // The row stays, now offering the link, unless the site no longer offers that network.
              networks: context.networks.flatMap((network) => {
                if (network.source !== context.unlinking?.source) return [network];
                return network.offered ? [{ ...network, linkId: null }] : [];
              }),
              unlinked: context.unlinking?.source ?? null,
              unlinking: null,
            })),
            'refreshUser',
          ],
        },
        onError: {
          target: 'confirming',
          actions: assign({ error: ({ event }) => formErrorFrom(event.error) }),
        },
      },
    },
  },
});
