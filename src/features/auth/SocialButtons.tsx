import { Trans } from '@lingui/react/macro';

type Provider = 'google' | 'vkontakte' | 'facebook' | 'apple';
const PROVIDER_NAMES: Record<Provider, string> = {
  google: 'Google',
  vkontakte: 'VK',
  facebook: 'Facebook',
  apple: 'Apple',
};

/**
 * Social sign-in for the brand's providers, under an "Or" divider; nothing when none are configured.
 * Each button hands the browser to the provider through the server, which returns to the sign-in page
 * with `action=login&status=…` (shell spec, section 4 "Social login return").
 */
export function SocialButtons({ providers }: { providers: readonly Provider[] }) {
  if (providers.length === 0) return null;
  const back = `${location.origin}${import.meta.env.BASE_URL}`;
  return (
    <div className="social">
      <div className="divider">
        <Trans>Or</Trans>
      </div>
      {providers.map((provider) => {
        const network = PROVIDER_NAMES[provider];
        return (
          <a
            key={provider}
            className="btn btn--secondary btn--block"
            href={`/spa/api/v1/auth/social/${provider}?successUrl=${encodeURIComponent(back)}&cancelUrl=${encodeURIComponent(back)}`}
          >
            <Trans>Continue with {network}</Trans>
          </a>
        );
      })}
    </div>
  );
}
