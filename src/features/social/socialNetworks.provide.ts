import { fromPromise } from 'xstate';
import { socialNetworksMachine } from '../../../machines/account/socialNetworks.machine';
import { fetchExternalAuths, socialLinkUrl, unlinkExternalAuth } from '../../api/social';
import { fetchUser } from '../../api/user';
import type { AppEffects } from '../../app/effects';
import { readToken } from '../../platform/tokenStorage';
import { networkReturn } from '../shell/networkReturn.provide';

/** The page the provider sends the browser back to: this one, without an earlier outcome. */
function currentPage(): string {
  const url = new URL(location.href);
  for (const name of ['action', 'status', 'errorCode', 'errorMessage', 'network', 'code'])
    url.searchParams.delete(name);
  return url.toString();
}

export const socialNetworks = (effects: AppEffects) =>
  socialNetworksMachine.provide({
    actors: {
      loadNetworks: fromPromise(() => fetchExternalAuths(effects.api)),
      unlink: fromPromise(({ input }) => unlinkExternalAuth(effects.api, input.linkId)),
      networkReturn,
    },
    actions: {
      startLink: (_, { source }) => {
        const back = currentPage();
        location.assign(
          socialLinkUrl(source, { token: readToken() ?? '', successUrl: back, cancelUrl: back }),
        );
      },
      clearOutcome: () => {
        const url = new URL(currentPage());
        effects.goTo(
          `${url.pathname.replace(import.meta.env.BASE_URL.replace(/\/$/, ''), '')}${url.search}`,
          {
            replace: true,
          },
        );
      },
      refreshUser: () => {
        // Only the session's copy of the links is stale; a failed fetch leaves it until the next load.
        fetchUser(effects.api)
          .then((user) => effects.updateUser(undefined, { user }))
          .catch(() => undefined);
      },
    },
  });
