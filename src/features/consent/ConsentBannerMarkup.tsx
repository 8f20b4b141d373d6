import type { ReactNode } from 'react';
import { Button } from '../../ui/Button';

/**
 * The banner's texts, in one language: the app's catalog gives them, and the server's page too. A
 * list, not an object: its keys would cost the sign-in page's script their bytes twice.
 */
export type ConsentBannerTexts = readonly [
  title: string,
  text: string,
  policy: string,
  dismiss: string,
  settings: string,
  accept: string,
];

/** One banner at most is on a page, so its title's id is fixed: the server's markup has it too. */
const TITLE_ID = 'consent-banner-title';

/** What the buttons send to the consent machine. */
export type ConsentChoice = 'CONSENT.DISMISS' | 'CONSENT.OPEN_SETTINGS' | 'CONSENT.ACCEPT_ALL';

/**
 * Shell spec, section 2 "Cookie banner": title, agreement text, the brand's policy link, and
 * buttons to dismiss (essential only), open the settings and agree to all. A region at the bottom of
 * the page, not a modal: the page stays usable while it shows.
 *
 * One markup for both of its renders: the app's (ConsentBanner.tsx), and the server's in the page it
 * sends (server/consent-banner-page.tsx), which paints with the page's first frame and which the app's
 * replaces in place. Without `choose` (the server's) the buttons are disabled: they do nothing
 * until the app has loaded, and a tap meanwhile would be lost without a word.
 */
export function ConsentBannerMarkup({
  texts,
  cookiePolicyLink,
  choose,
  children,
}: {
  texts: ConsentBannerTexts;
  cookiePolicyLink?: string;
  choose?: (choice: ConsentChoice) => void;
  children?: ReactNode;
}) {
  const [title, text, policy, dismiss, settings, accept] = texts;
  const button = (choice: ConsentChoice) => ({ disabled: !choose, onClick: () => choose?.(choice) });
  return (
    <section className="consent-banner" aria-labelledby={TITLE_ID} tabIndex={-1}>
      <div className="consent-banner__inner">
        <h2 id={TITLE_ID} className="consent-banner__title">
          {title}
        </h2>
        <p className="consent-banner__text">
          {text}{' '}
          {cookiePolicyLink && (
            <a href={cookiePolicyLink} target="_blank" rel="noopener noreferrer">
              {policy}
            </a>
          )}
        </p>
        <div className="consent-banner__actions">
          <Button variant="secondary" {...button('CONSENT.DISMISS')}>
            {dismiss}
          </Button>
          <Button variant="secondary" {...button('CONSENT.OPEN_SETTINGS')}>
            {settings}
          </Button>
          <Button {...button('CONSENT.ACCEPT_ALL')}>{accept}</Button>
        </div>
      </div>
      {children}
    </section>
  );
}
