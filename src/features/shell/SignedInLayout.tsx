import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, Outlet, useLocation } from '@tanstack/react-router';
import { type ComponentType, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useApp, useAppActor, useBrand, useSession } from '../../app/hooks';
import { loadAreaCatalog, switchLanguage } from '../../app/i18n';
import { ROUTE_PATHS } from '../../app/routeNames';
import { savedLanguageToApply } from '../../app/savedLanguage';
import { focusTarget, watchPageHeading } from '../../platform/focusAfterPageChange';
import { onRetryRequested, requestRetry } from '../../platform/retryRequests';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Logo } from '../../ui/Logo';
import { Notice } from '../../ui/Notice';
import { Preloader } from '../../ui/Preloader';
import { useDrawnInSlices } from '../../ui/useDrawnInSlices';
import { DownloadedLessonsLink } from '../offline/DownloadedLessonsLink';
import { HomePromptsLink } from '../support/HomePromptsLink';
import { AccountMenu } from './AccountMenu';
import { Reconnection } from './Reconnection';
import { SectionLinks } from './SectionLinks';

/** The push offer: its own chunk with the account texts, loaded only where the brand has push. */
const PushPrompt = lazy(() =>
  Promise.all([import('../account/notifications/PushPrompt'), loadAreaCatalog('account')]).then(
    ([module]): { default: ComponentType } => ({ default: module.PushPrompt }),
    // Offline with a chunk not yet cached: no offer this time, and the frame stays up.
    (): { default: ComponentType } => ({ default: () => null }),
  ),
);

/**
 * Frame of signed-in pages. The router mounts it with its first page in one render that React cannot
 * slice (see useDrawnInSlices): on a phone the header's links and the page made that one task of a
 * few hundred milliseconds. The start-up preloader stays in that render, and the frame with its page
 * is drawn in slices after it. Later pages keep the frame and render as before.
 */
export function SignedInLayout() {
  const drawn = useDrawnInSlices(true);
  const languageApplied = useSavedLanguage();
  return drawn && languageApplied ? <SignedInFrame /> : <StartPreloader />;
}

/**
 * BootstrapGate's preloader (the logo where the splash drew it): written out again here, as one in
 * common would sit in the sign-in page's chunk and cost it bytes it has no room for.
 */
function StartPreloader() {
  const { t } = useLingui();
  const { logo, title } = useBrand().assets;
  return <Preloader label={t`Loading…`} logo={<Logo src={logo} title={title} />} />;
}

/** The header (logo, user, points, menu) and the page. */
function SignedInFrame() {
  const app = useAppActor();
  const dataFailed = useApp((snapshot) => snapshot.matches({ data: 'fail' }));
  const offline = useApp((snapshot) => snapshot.matches({ connectivity: 'offline' }));
  const pushOffered = useBrand().flags.isPushSupport;
  const main = useMainFocusAfterPageChange();
  // Any "Try again" on the screen, this frame's or a page's, asks for the app's data again too.
  useEffect(() => onRetryRequested(() => app.send({ type: 'APP.RETRY' })), [app]);
  return (
    <div className="shell">
      <SkipToContent main={main} />
      <Header />
      <main className="main" ref={main}>
        {dataFailed && (
          <Notice>
            <Trans>Failed to load your data.</Trans>{' '}
            <Button variant="link" onClick={requestRetry}>
              <Trans>Try again</Trans>
            </Button>
            {/* After long without a network nothing kept is fresh enough; downloads still play. */}{' '}
            <DownloadedLessonsLink />
          </Notice>
        )}
        <Outlet />
      </main>
      <HomePromptsLink />
      {offline && <Reconnection />}
      {pushOffered && (
        <Suspense fallback={null}>
          <PushPrompt />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The learner's saved language, on a browser where none was chosen (see savedLanguageToApply); false
 * while the first frame waits for its texts. The first page then reads what the server words (support
 * topics, say) in that language and shows nothing in the one left behind. Only the first frame waits:
 * a language saved on another device later applies without taking a page (a form being filled) away.
 */
function useSavedLanguage(): boolean {
  const brand = useBrand();
  const saved = useSession((snapshot) => snapshot.context.user?.languageCode);
  const toApply = savedLanguageToApply(saved, brand);
  const [waiting, setWaiting] = useState(toApply !== null);
  useEffect(() => {
    // A catalog that cannot load leaves the language as it was (the rejection is reported as uncaught).
    if (toApply) void switchLanguage(toApply).finally(() => setWaiting(false));
  }, [toApply]);
  return !waiting;
}

/**
 * The first stop of the keyboard on every signed-in page, shown only while it has the focus: it
 * takes the focus past the header's links and menu to the page's heading (or its content).
 */
function SkipToContent({ main }: { main: { current: HTMLElement | null } }) {
  return (
    <button
      type="button"
      className="skip-link"
      onClick={() => {
        const target = main.current?.querySelector<HTMLElement>('h1') ?? main.current;
        if (target) focusTarget(target);
      }}
    >
      <Trans>Skip to the page's content</Trans>
    </button>
  );
}

/** The pages of someone signed out (sign-in, sign-up, recovery) that lead into the signed-in frame. */
const GUEST_PATHS: ReadonlySet<string> = new Set([
  ROUTE_PATHS.login,
  ROUTE_PATHS.signup,
  ROUTE_PATHS.accessRecovery,
  ROUTE_PATHS.resetPassword,
  ROUTE_PATHS['auto-login'],
]);

/** Whether the browser opened this document on a guest page (its address as first loaded). */
function openedOnGuestPage(): boolean {
  const [opened] = performance.getEntriesByType('navigation');
  if (!opened) return false;
  const { pathname } = new URL(opened.name);
  const base = import.meta.env.BASE_URL;
  return (
    pathname.startsWith(base) && GUEST_PATHS.has(`/${pathname.slice(base.length)}`.replace(/\/$/, '') || '/')
  );
}

/**
 * The page's main region, whose heading takes a focus lost in a page change: not on the first page,
 * unless the learner came to it from a guest page.
 */
function useMainFocusAfterPageChange() {
  const main = useRef<HTMLElement>(null);
  const pathname = useLocation({ select: (location) => location.pathname });
  const pages = useRef(0);
  useEffect(() => {
    // Runs once per page: the address is what changes.
    if (!main.current || !pathname) return;
    pages.current += 1;
    // The frame's first page lost a focus too when the learner came from a guest page of this visit
    // (the sign-in form, whose button went with it); one the browser opened straight away had none.
    return watchPageHeading(main.current, pages.current > 1 || openedOnGuestPage());
  }, [pathname]);
  return main;
}

/**
 * The header: the logo, the section links, the learner, the points and the menu. On the forced
 * password change and profile completion the route guard sends every other page back there, so the
 * header keeps only what works: the brand (not a link) and a way to sign out.
 */
export function Header() {
  const { t } = useLingui();
  const brand = useBrand();
  const user = useSession((snapshot) => snapshot.context.user);
  // Unknown until the start lists are in (and while they failed): no balance rather than a wrong one.
  const points = useApp((snapshot) => snapshot.context.lists?.scoreAmount ?? null);
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  if (user?.requiredUpdatePassword || user?.requiredUpdateProfile) {
    return (
      <header className="header">
        <div className="header__inner">
          <span className="header__logo">
            <Logo src={brand.assets.logo} title={brand.assets.title} />
          </span>
          {/* No return address: signing in again leads back to this same step anyway. */}
          <Link to="/logout" className="header__sign-out">
            <Trans>Sign out</Trans>
          </Link>
        </div>
      </header>
    );
  }
  return (
    <header className="header">
      <div className="header__inner">
        <Link to={brand.assets.homepage} className="header__logo" aria-label={t`Home`}>
          <Logo src={brand.assets.logo} title={brand.assets.title} />
        </Link>
        <nav className="sections" aria-label={t`Sections`}>
          <SectionLinks className="sections__link" />
        </nav>
        {user && (
          <Link to="/user/edit" className="header__user">
            <Avatar url={user.avatar} firstName={user.firstName} lastName={user.lastName} />
            {/* An account made by app id may have neither a name nor an e-mail: the link still says where it goes. */}
            <span className="header__name">{name || user.email || t`My profile`}</span>
          </Link>
        )}
        <Link to="/user/points" className="header__points">
          {points === null ? <Trans>Points</Trans> : <Plural value={points} one="# point" other="# points" />}
        </Link>
        <AccountMenu />
      </div>
    </header>
  );
}
