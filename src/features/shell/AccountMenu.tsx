import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useApp, useBrand, useLanguage, useSession } from '../../app/hooks';
import {
  ADMIN_LOGIN_PATH,
  type MenuEntry,
  type MenuEntryId,
  memberCommunities,
  menuGroups,
} from '../../domain/menu';
import { reportAction } from '../consent/reportAction';
import { SectionLinks } from './SectionLinks';

// Both open on demand: their code loads with the first opening, never with the frame.
const DocumentViewer = lazy(() =>
  import('../../ui/DocumentViewer').then((module) => ({ default: module.DocumentViewer })),
);
const ClubChooser = lazy(() => import('./ClubChooser').then((module) => ({ default: module.ClubChooser })));

type Opened = { kind: 'document'; title: string; url: string } | { kind: 'club' } | null;

function useEntryLabels(): Record<MenuEntryId, string> {
  const { t } = useLingui();
  const club = useBrand().clubInApp?.title;
  return {
    community: t`Community`,
    videoconsultations: t`Video consultations`,
    support: t`Support`,
    subscriptions: t`Subscriptions`,
    userEdit: t`My profile`,
    userSettings: t`Settings`,
    points: t`Points`,
    downloads: t`Downloads`,
    instruction: t`User manual`,
    guideline: t`Guidelines`,
    socialNetworks: t`Social networks`,
    club: club || t`Club`,
    catalog: t`Catalog`,
    delete: t`Delete account`,
    logout: t`Sign out`,
  };
}

/**
 * The burger menu (shell spec section 2, "Menu targets and groups"): the dashboard for admins, the
 * section links, then the general group and, from 828 px, the settings group, below it the mobile
 * profile group. Escape closes it and gives the focus back to the burger.
 */
export function AccountMenu() {
  const { t } = useLingui();
  const menuId = useId();
  const brand = useBrand();
  const { language } = useLanguage();
  const lists = useApp((snapshot) => snapshot.context.lists);
  const isAdmin = useSession((snapshot) => snapshot.context.user?.isAdmin ?? false);
  const token = useSession((snapshot) => snapshot.context.token);
  const user = useSession((snapshot) => snapshot.context.user);
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ') || user?.email;
  const from = useLocation({ select: (location) => location.href });
  const groups = useMemo(
    () => menuGroups({ brand, language: language as 'ru' | 'en' | 'es', lists }),
    [brand, language, lists],
  );
  const labels = useEntryLabels();
  // Open or closed, and the dialog an entry opened, are purely visual state.
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState<Opened>(null);
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
  const entry = (item: MenuEntry) => {
    const label = labels[item.id];
    switch (item.kind) {
      case 'route':
        return (
          <Link key={item.id} className="menu__item" to={item.to} onClick={close}>
            {label}
          </Link>
        );
      case 'external':
        return (
          <a
            key={item.id}
            className="menu__item"
            href={item.href}
            target="_blank"
            rel="noopener"
            onClick={close}
          >
            {label}
          </a>
        );
      case 'action':
        // Both leave the page: they remember it so that signing in again comes back here.
        return (
          <Link
            key={item.id}
            className="menu__item"
            to={item.action === 'delete' ? '/delete' : '/logout'}
            search={{ from }}
            onClick={close}
          >
            {label}
          </Link>
        );
      case 'document':
      case 'club':
        return (
          <button
            key={item.id}
            type="button"
            className="menu__item"
            aria-haspopup="dialog"
            onClick={() => {
              close();
              setOpened(
                item.kind === 'club' ? { kind: 'club' } : { kind: 'document', title: label, url: item.url },
              );
            }}
          >
            {label}
          </button>
        );
    }
  };

  return (
    <div className="menu-wrap" ref={wrapRef}>
      <button
        ref={buttonRef}
        type="button"
        className="burger"
        aria-label={t`Menu`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => {
          reportAction('burger');
          setOpen((value) => !value);
        }}
      >
        <span className="burger__icon" aria-hidden="true" />
      </button>
      {open && (
        <nav className="menu" id={menuId} aria-label={t`Menu`}>
          {name && <div className="menu__user">{name}</div>}
          {isAdmin && token && (
            <a className="menu__item" href={`${ADMIN_LOGIN_PATH}?token=${encodeURIComponent(token)}`}>
              <Trans>Dashboard</Trans>
            </a>
          )}
          <SectionLinks className="menu__item" onNavigate={close} />
          {groups.general.map(entry)}
          <div className="menu__group menu__group--settings">{groups.settings.map(entry)}</div>
          <div className="menu__group menu__group--mobile">{groups.mobileProfile.map(entry)}</div>
        </nav>
      )}
      <Suspense fallback={null}>
        {opened?.kind === 'document' && (
          <DocumentViewer
            document={{ title: opened.title, url: opened.url }}
            onClose={() => setOpened(null)}
          />
        )}
        {opened?.kind === 'club' && brand.communityUrlFrontend && (
          <ClubChooser
            title={labels.club}
            site={brand.communityUrlFrontend}
            brandId={brand.id}
            communities={memberCommunities(lists)}
            onClose={() => setOpened(null)}
          />
        )}
      </Suspense>
    </div>
  );
}
