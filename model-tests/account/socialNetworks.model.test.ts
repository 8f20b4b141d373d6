import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  type SocialNetworksContext,
  type SocialNetworksInput,
  socialNetworksMachine,
} from '../../machines/account/socialNetworks.machine';
import { SocialNetworksView } from '../../src/features/social/SocialNetworksScreen';
import { done, failed, networkError, networkReturned, requestError, session } from '../fixtures';
import { shownFormError } from '../formErrorTexts';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { button, notice } from '../screenQueries';
import { click, networkReturns, type UserAction } from '../userActions';

const DIALOG = 'Attention';
const NAMES = { google: 'Google', vkontakte: 'VK', facebook: 'Facebook', apple: 'Apple' } as const;

const fresh: SocialNetworksInput = { outcome: null, hasPassword: true };
/** An account made through Google: its one link is its only way to sign in. */
const googleOnly: SocialNetworksInput = { outcome: null, hasPassword: false };
const linkedBack: SocialNetworksInput = {
  outcome: { status: 'success', network: 'vkontakte' },
  hasPassword: true,
};
/** The server words the failure in the browser's language (here Spanish), not the learner's (English). */
const takenBack: SocialNetworksInput = {
  outcome: {
    status: 'fail',
    network: 'vkontakte',
    errorCode: 'link_social_id_already_taken',
    errorMessage: 'Esta cuenta de VK ya está vinculada a otro usuario.',
  },
  hasPassword: true,
};

const listed = [
  { source: 'google' as const, linkId: 11, offered: true },
  { source: 'vkontakte' as const, linkId: null, offered: true },
];
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as SocialNetworksContext;

/** The row's own button: "Link VK" for an unlinked network, "Unlink Google" for a linked one. */
const rowAction = (verb: 'Link' | 'Unlink'): UserAction => ({
  words: (event) => `the user presses “${verb}” beside ${NAMES[event.source as keyof typeof NAMES]}`,
  control: (event) =>
    screen.getByRole('button', { name: `${verb} ${NAMES[event.source as keyof typeof NAMES]}` }),
  perform: (user, event) =>
    user.click(screen.getByRole('button', { name: `${verb} ${NAMES[event.source as keyof typeof NAMES]}` })),
  blockedWhen: (snapshot, event) => {
    const network = contextOf(snapshot).networks.find((n) => n.source === event.source);
    return !network || (verb === 'Link') !== (network.linkId === null);
  },
});

const spec = {
  machine: socialNetworksMachine,
  spec: 'Shell spec §4 Social link flow: the result from the query then cleared; a linked network warns before unbinding, an unlinked one redirects to the provider',
  inputs: [fresh, googleOnly, linkedBack, takenBack],
  screen: {
    view: SocialNetworksView,
    setting: { path: '/user/social-networks', session },
    actions: {
      'NETWORKS.LINK': rowAction('Link'),
      'NETWORKS.UNLINK': rowAction('Unlink'),
      'NETWORKS.CONFIRM': click('Unlink', { within: DIALOG }),
      'NETWORKS.CANCEL': click('Cancel', { within: DIALOG }),
      'NETWORKS.RETRY': click('Try again'),
      'NETWORK.RETURNED': networkReturns,
    },
    sees: [
      {
        see: () => expect(screen.getByRole('heading', { name: 'Social networks', level: 1 })).toBeTruthy(),
      },
      {
        state: 'loading',
        see: () =>
          expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
            'Loading your social networks…',
          ),
      },
      {
        state: 'loadFailed',
        see: () => expect(notice()).toMatch(/^Could not load your social networks\./),
      },
      {
        state: 'list',
        see: (snapshot: AnyMachineSnapshot) => {
          const { networks, outcome, unlinked } = contextOf(snapshot);
          for (const network of networks) {
            const name = NAMES[network.source];
            const verb = network.linkId === null ? 'Link' : 'Unlink';
            expect(screen.getByRole('button', { name: `${verb} ${name}` })).toBeTruthy();
          }
          if (networks.length === 0) {
            expect(screen.getByText('This site offers no sign-in with social networks.')).toBeTruthy();
          }
          if (outcome?.status === 'success')
            expect(notice()).toBe('VK is linked. You can sign in with it now.');
          else if (outcome?.status === 'fail') {
            expect(notice()).toBe(
              'This VK account is already linked to another user. (code: link_social_id_already_taken)',
            );
          } else expect(notice()).toBe('');
          // Said politely, once the reader is done: the learner asked for it.
          expect(screen.getByRole('status').textContent).toBe(unlinked ? 'Google is unlinked.' : '');
          expect(screen.queryByRole('dialog')).toBeNull();
        },
      },
      {
        state: 'redirecting',
        see: () => expect(button('Link VK').getAttribute('aria-busy')).toBe('true'),
      },
      {
        state: 'confirming',
        see: (snapshot: AnyMachineSnapshot) => {
          const dialog = screen.getByRole('dialog', { name: DIALOG });
          expect(dialog.textContent).toContain('After unlinking Google you can no longer sign in with it.');
          const error = contextOf(snapshot).error;
          expect(within(dialog).getByRole('alert').textContent).toBe(shownFormError(error));
        },
      },
      {
        state: 'passwordFirst',
        see: () => {
          const dialog = screen.getByRole('dialog', { name: DIALOG });
          expect(dialog.textContent).toContain(
            'Google is the only way to sign in to your account. Set a password first, then you can unlink it.',
          );
          expect(within(dialog).getByRole('link', { name: 'Set a password' }).getAttribute('href')).toMatch(
            /\/user\/settings\/password$/,
          );
          expect(within(dialog).queryByRole('button', { name: 'Unlink' })).toBeNull();
        },
      },
      {
        state: 'removing',
        see: () => {
          const dialog = within(screen.getByRole('dialog', { name: DIALOG }));
          expect(dialog.getByRole('button', { name: 'Unlink' }).getAttribute('aria-busy')).toBe('true');
          expect((dialog.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
        },
      },
    ],
  },
  events: [
    { type: 'NETWORKS.LINK', source: 'vkontakte' },
    { type: 'NETWORKS.UNLINK', source: 'google' },
    { type: 'NETWORKS.CONFIRM' },
    { type: 'NETWORKS.CANCEL' },
    { type: 'NETWORKS.RETRY' },
    networkReturned,
    done('loadNetworks', listed),
    done('loadNetworks', []),
    failed('loadNetworks', networkError),
    done('unlink'),
    failed('unlink', networkError),
  ],
};

describeModel(spec);

describe('socialNetworks', () => {
  it('clears the outcome from the address and refreshes the user when coming back from a provider', () => {
    const running = startMachine(spec, linkedBack);
    expect(running.effects.map((effect) => effect.name)).toEqual(['clearOutcome', 'refreshUser']);
    expect(running.snapshot().context.outcome).toEqual(linkedBack.outcome);
  });

  it('starts the redirect only for an unlinked network', async () => {
    const running = startMachine(spec, fresh);
    await running.dispatch(done('loadNetworks', listed));
    await running.dispatch({ type: 'NETWORKS.LINK', source: 'google' });
    expect(running.snapshot().value).toBe('list');
    await running.dispatch({ type: 'NETWORKS.LINK', source: 'vkontakte' });
    expect(running.snapshot().value).toBe('redirecting');
    expect(running.effects.at(-1)).toEqual({ name: 'startLink', params: { source: 'vkontakte' } });
  });

  it('asks before unlinking, removes that link, and loads the list again', async () => {
    const running = startMachine(spec, fresh);
    await running.dispatch(done('loadNetworks', listed));
    await running.dispatch({ type: 'NETWORKS.UNLINK', source: 'vkontakte' });
    expect(running.snapshot().value).toBe('list');
    await running.dispatch({ type: 'NETWORKS.UNLINK', source: 'google' });
    expect(running.snapshot().value).toBe('confirming');
    await running.dispatch({ type: 'NETWORKS.CONFIRM' });
    expect(running.fakes.inputOf('unlink')).toEqual({ linkId: 11 });
    await running.dispatch(done('unlink'));
    // Only that row changes, so its button stays (with the focus) as "Link Google".
    expect(running.snapshot().value).toBe('list');
    expect(running.snapshot().context.networks).toEqual([
      { source: 'google', linkId: null, offered: true },
      { source: 'vkontakte', linkId: null, offered: true },
    ]);
    expect(running.snapshot().context.unlinked).toBe('google');
    expect(running.effects.map((effect) => effect.name)).toContain('refreshUser');
  });

  it('drops the row of a network the site no longer offers once it is unlinked', async () => {
    const running = startMachine(spec, fresh);
    const retired = { source: 'facebook' as const, linkId: 13, offered: false };
    await running.dispatch(done('loadNetworks', [...listed, retired]));
    await running.dispatch({ type: 'NETWORKS.UNLINK', source: 'facebook' });
    await running.dispatch({ type: 'NETWORKS.CONFIRM' });
    expect(running.fakes.inputOf('unlink')).toEqual({ linkId: 13 });
    await running.dispatch(done('unlink'));
    expect(running.snapshot().context.networks).toEqual(listed);
    expect(running.snapshot().context.unlinked).toBe('facebook');
  });

  it('leads an account without a password to set one instead of unlinking its only sign-in', async () => {
    const running = startMachine(spec, googleOnly);
    await running.dispatch(done('loadNetworks', listed));
    await running.dispatch({ type: 'NETWORKS.UNLINK', source: 'google' });
    expect(running.snapshot().value).toBe('passwordFirst');
    await running.dispatch({ type: 'NETWORKS.CONFIRM' });
    expect(running.fakes.started.map((actor) => actor.id)).not.toContain('unlink');
    await running.dispatch({ type: 'NETWORKS.CANCEL' });
    expect(running.snapshot().value).toBe('list');
    // With a second network linked, either may go.
    const twice = startMachine(spec, googleOnly);
    await twice.dispatch(
      done('loadNetworks', [listed[0], { source: 'vkontakte' as const, linkId: 12, offered: true }]),
    );
    await twice.dispatch({ type: 'NETWORKS.UNLINK', source: 'google' });
    expect(twice.snapshot().value).toBe('confirming');
  });

  it('keeps the dialog open with the reason when the unlink fails', async () => {
    const running = startMachine(spec, fresh);
    await running.dispatch(done('loadNetworks', listed));
    await running.dispatch({ type: 'NETWORKS.UNLINK', source: 'google' });
    await running.dispatch({ type: 'NETWORKS.CONFIRM' });
    await running.dispatch(failed('unlink', requestError(404, 'Not found.')));
    expect(running.snapshot().value).toBe('confirming');
    expect(running.snapshot().context.error).toBe('Not found.');
  });
});
