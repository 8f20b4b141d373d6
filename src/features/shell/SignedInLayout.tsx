import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, Outlet, useLocation } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useApp, useAppActor, useBrand, useSession } from '../../app/hooks';
import { Button } from '../../ui/Button';
import { Logo } from '../../ui/Logo';
import { Notice } from '../../ui/Notice';
import { SectionLinks } from './SectionLinks';

/** Where an admin's "Dashboard" link goes; the admin side signs in with the learner app's token. */
const ADMIN_DASHBOARD_PATH = '/admin/login';

/** Frame of signed-in pages: the header (logo, user, points, menu) and the page. */
export function SignedInLayout() {
  const app = useAppActor();
  const dataFailed = useApp((snapshot) => snapshot.matches({ data: 'fail' }));
  return (
    <div className="shell">
      <Header />
      <main className="main">
        {dataFailed && (
          <Notice>
            <Trans>Failed to load your data.</Trans>{' '}
            <Button variant="link" onClick={() => app.send({ type: 'APP.RETRY' })}>
              <Trans>Try again</Trans>
            </Button>
          </Notice>
        )}
        <Outlet />
      </main>
    </div>
  );
}

function Header() {
  const { t } = useLingui();
  const brand = useBrand();
  const user = useSession((snapshot) => snapshot.context.user);
  const points = useApp((snapshot) => snapshot.context.lists?.scoreAmount ?? 0);
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  const initials = (user?.firstName?.[0] ?? '') + (user?.lastName?.[0] ?? '');
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
          <span className="header__user">
            <span className="avatar" aria-hidden="true">
              {initials.toUpperCase() || '•'}
            </span>
            <span>{name || user.email}</span>
          </span>
        )}
        <Link to="/user/points" className="header__points">
          <Plural value={points} one="# point" other="# points" />
        </Link>
        <Menu />
      </div>
    </header>
  );
}

/**
 * The burger menu: dashboard (admins), sections, settings, delete account, sign out. Escape closes it.
 * A signed-in learner changes the language in the settings, where the change is confirmed and saved
 * in the profile (content spec, section 5).
 */
function Menu() {
  const { t } = useLingui();
  const menuId = useId();
  const isAdmin = useSession((snapshot) => snapshot.context.user?.isAdmin ?? false);
  const offlineEnabled = useBrand().flags.isOfflineEnable;
  const token = useSession((snapshot) => snapshot.context.token);
  const user = useSession((snapshot) => snapshot.context.user);
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ') || user?.email;
  const from = useLocation({ select: (location) => location.href });
  // Open or closed is purely visual state.
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!wrapRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const close = () => setOpen(false);
  return (
    <div className="menu-wrap" ref={wrapRef}>
      <button
        ref={buttonRef}
        type="button"
        className="burger"
        aria-label={t`Menu`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="burger__icon" aria-hidden="true" />
      </button>
      {open && (
        <nav className="menu" id={menuId} aria-label={t`Menu`}>
          {name && <div className="menu__user">{name}</div>}
          {isAdmin && token && (
            <a className="menu__item" href={`${ADMIN_DASHBOARD_PATH}?token=${encodeURIComponent(token)}`}>
              <Trans>Dashboard</Trans>
            </a>
          )}
          <SectionLinks className="menu__item" onNavigate={close} />
          <Link className="menu__item" to="/user/points" onClick={close}>
            <Trans>Points</Trans>
          </Link>
          {offlineEnabled && (
            <Link className="menu__item" to="/user/downloads" onClick={close}>
              <Trans>Downloads</Trans>
            </Link>
          )}
          <Link className="menu__item" to="/user/settings" onClick={close}>
            <Trans>Settings</Trans>
          </Link>
          <Link className="menu__item" to="/delete" search={{ from }} onClick={close}>
            <Trans>Delete account</Trans>
          </Link>
          <Link className="menu__item" to="/logout" search={{ from }} onClick={close}>
            <Trans>Sign out</Trans>
          </Link>
        </nav>
      )}
    </div>
  );
}
