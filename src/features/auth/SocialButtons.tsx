import { Trans } from '@lingui/react/macro';
import { NETWORK_NAMES } from '../../domain/socialNetworks';
import type { ExternalAuthSource } from '../../domain/user';
import { guessTimezone } from '../../platform/timezone';

/** The sign-in page itself, keeping a returnUrl it was opened with for after the sign-in. */
function signInPage(): string {
  const returnUrl = new URLSearchParams(location.search).get('returnUrl');
  const query = returnUrl ? `?returnUrl=${encodeURIComponent(returnUrl)}` : '';
  return `${location.origin}${import.meta.env.BASE_URL}${query}`;
}

/**
 * Social sign-in for the brand's providers, under an "Or" divider (the sign-in page loads it only when
 * there are some).
 * Each button hands the browser to the provider through the server, which returns to the sign-in page
 * with `action=login&status=…` (shell spec, section 4 "Social login return").
 */
export function SocialButtons({ providers }: { providers: readonly ExternalAuthSource[] }) {
  const back = encodeURIComponent(signInPage());
  // A sign-up made here gets the browser's zone, as the sign-up form gives it (reminders follow it).
  const timezone = encodeURIComponent(guessTimezone());
  return (
    <div className="social">
      <div className="divider">
        <Trans>Or</Trans>
      </div>
      {providers.map((provider) => {
        const network = NETWORK_NAMES[provider];
        return (
          <a
            key={provider}
            className="btn btn--secondary btn--block"
            href={`/spa/api/v1/auth/social/${provider}?successUrl=${back}&cancelUrl=${back}&timezone=${timezone}`}
          >
            <Trans>Continue with {network}</Trans>
          </a>
        );
      })}
    </div>
  );
}
