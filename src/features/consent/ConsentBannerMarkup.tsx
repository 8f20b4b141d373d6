import type { ReactNode } from 'react';
import { Button } from '../../ui/Button';

/** The banner's texts, in one language: the app's catalog gives them, and the server's page too. */
export type ConsentBannerTexts = {
  title: string;
  text: string;
  policy: string;
  essentialOnly: string;
  settings: string;
  agreeToAll: string;
};

type Actions = { onDismiss(): void; onOpenSettings(): void; onAcceptAll(): void };

/**
 * Shell spec, section 2 "Cookie banner": title, agreement text, the brand's policy link, and
 * buttons to dismiss (essential only), open the settings and agree to all. A region at the bottom of
 * the page, not a modal: the page stays usable while it shows.
 *
 * One markup for both of its renders: the app's (ConsentBanner.tsx), and the server's in the page it
 * sends (server/consentBannerPage.ts), which paints with the page's first frame and which the app's
 * replaces in place. Without `actions` (the server's) the buttons are disabled: they do nothing
 * until the app has loaded, and a tap meanwhile would be lost without a word.
 */
export function ConsentBannerMarkup({
  titleId,
  texts,
  cookiePolicyLink,
  actions,
  children,
}: {
  titleId: string;
  texts: ConsentBannerTexts;
  cookiePolicyLink?: string;
  actions?: Actions;
  children?: ReactNode;
}) {
  const waiting = actions === undefined;
  return (
    <section className="consent-banner" aria-labelledby={titleId} tabIndex={-1}>
      <div className="consent-banner__inner">
        <h2 id={titleId} className="consent-banner__title">
          {texts.title}
        </h2>
        <p className="consent-banner__text">
          {texts.text}{' '}
          {cookiePolicyLink && (
            <a href={cookiePolicyLink} target="_blank" rel="noopener noreferrer">
              {texts.policy}
            </a>
          )}
        </p>
        <div className="consent-banner__actions">
          <Button variant="secondary" disabled={waiting} onClick={actions?.onDismiss}>
            {texts.essentialOnly}
          </Button>
          <Button variant="secondary" disabled={waiting} onClick={actions?.onOpenSettings}>
            {texts.settings}
          </Button>
          <Button disabled={waiting} onClick={actions?.onAcceptAll}>
            {texts.agreeToAll}
          </Button>
        </div>
      </div>
      {children}
    </section>
  );
}
