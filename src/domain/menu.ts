import type { BrandConfig, Language } from '../../brands';
import { MENU_SECTIONS } from './navigationHistory';
import { offersSocialSignIn } from './socialSignIn';
import type { Community, StartLists } from './startLists';

/**
 * The burger menu's groups (shell spec section 2, "Menu targets and groups"), decided from the
 * brand, the user and the start lists; the frame only renders what this returns.
 */

/** The kinds a sidebar entry may be (spec: router link, external link, action, document viewer, club). */
export type MenuEntry =
  | { kind: 'route'; id: MenuEntryId; to: MenuRoute }
  | { kind: 'external'; id: MenuEntryId; href: string }
  | { kind: 'document'; id: MenuEntryId; url: string }
  | { kind: 'club'; id: MenuEntryId }
  | { kind: 'action'; id: MenuEntryId; action: 'delete' | 'logout' };

export type MenuEntryId =
  | 'community'
  | 'videoconsultations'
  | 'support'
  | 'subscriptions'
  | 'userEdit'
  | 'userSettings'
  | 'points'
  | 'downloads'
  | 'instruction'
  | 'guideline'
  | 'socialNetworks'
  | 'club'
  | 'catalog'
  | 'delete'
  | 'logout';

/** The router paths the menu links to (every one a page of the route table). */
export type MenuRoute =
  | '/videoconsultations'
  | '/support'
  | '/user/subscriptions'
  | '/user/edit'
  | '/user/settings'
  | '/user/points'
  | '/user/downloads'
  | '/user/social-networks'
  | '/catalog';

export type MenuFacts = {
  brand: Pick<
    BrandConfig,
    'id' | 'flags' | 'socialAuth' | 'instructionUrl' | 'guidelineUrl' | 'communityUrlFrontend' | 'clubInApp'
  >;
  language: Language;
  lists: Pick<StartLists, 'communities' | 'userCommunities'> | null;
};

export type MenuGroups = {
  /** Beside the section links: what the header does not show. */
  general: MenuEntry[];
  /** From 828 px. */
  settings: MenuEntry[];
  /** Below 828 px, instead of the settings group, without what the section links and `general` hold. */
  mobileProfile: MenuEntry[];
};

/** The communities the user belongs to that are more than a chat: what the community and club entries lead to. */
export function memberCommunities(lists: MenuFacts['lists']): Community[] {
  if (!lists) return [];
  const joined = new Set(lists.userCommunities.map((membership) => membership.communityId));
  return lists.communities.filter((community) => joined.has(community.id) && !community.chatOnly);
}

/** A community's page on the brand's community site, tagged as coming from the learner's cabinet. */
export function communityLink(base: string, brandId: string, community?: Community): string {
  const url = new URL(base);
  if (community) url.pathname = `${url.pathname.replace(/\/$/, '')}/${community.slug ?? community.id}`;
  url.searchParams.set('utm_source', 'lk');
  url.searchParams.set('utm_medium', 'main');
  url.searchParams.set('utm_campaign', brandId);
  return url.toString();
}

const route = (id: MenuEntryId, to: MenuRoute): MenuEntry => ({ kind: 'route', id, to });

/** Only an absolute http(s) address can be a community site: anything else is not linked to. */
function siteOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol) ? url : null;
  } catch {
    return null;
  }
}

export function menuGroups({ brand, language, lists }: MenuFacts): MenuGroups {
  const communities = memberCommunities(lists);
  const communitySite = siteOf(brand.communityUrlFrontend);
  const socialNetworks = offersSocialSignIn(brand) ? [route('socialNetworks', '/user/social-networks')] : [];
  const consultations = brand.flags.isVideoConsultationSupport
    ? [route('videoconsultations', '/videoconsultations')]
    : [];
  const instruction = brand.instructionUrl[language];
  const guideline = brand.guidelineUrl[language];
  const support = route('support', '/support');
  const downloads = brand.flags.isOfflineEnable ? [route('downloads', '/user/downloads')] : [];
  const logout: MenuEntry = { kind: 'action', id: 'logout', action: 'logout' };
  const general: MenuEntry[] = [
    ...(communitySite && communities.length > 0
      ? [{ kind: 'external', id: 'community', href: communityLink(communitySite, brand.id) } as const]
      : []),
    ...consultations,
    support,
    route('subscriptions', '/user/subscriptions'),
  ];
  // On a phone the profile group shows under the section links and the general group: what those
  // already hold is not listed twice. The downloads live here too (the offline issue puts them in
  // the profile menu), so a phone reaches them as a desktop does.
  const shownAbove = new Set<string>([...MENU_SECTIONS, ...general.map((entry) => entry.id)]);
  const mobileProfile: MenuEntry[] = [
    route('userEdit', '/user/edit'),
    ...socialNetworks,
    route('userSettings', '/user/settings'),
    ...downloads,
    ...consultations,
    support,
    route('catalog', '/catalog'),
    { kind: 'action', id: 'delete', action: 'delete' },
    logout,
  ];
  return {
    general,
    settings: [
      route('userEdit', '/user/edit'),
      route('userSettings', '/user/settings'),
      route('points', '/user/points'),
      ...downloads,
      ...(instruction ? [{ kind: 'document', id: 'instruction', url: instruction } as const] : []),
      ...(guideline ? [{ kind: 'document', id: 'guideline', url: guideline } as const] : []),
      ...socialNetworks,
      ...(brand.clubInApp && communitySite && communities.length > 0
        ? [{ kind: 'club', id: 'club' } as const]
        : []),
      { kind: 'action', id: 'delete', action: 'delete' },
      logout,
    ],
    mobileProfile: mobileProfile.filter((entry) => !shownAbove.has(entry.id)),
  };
}

/**
 * Where an admin's "Dashboard" link goes, with the session's token (shell spec: "a dashboard link to
 * an admin login carrying the token"); the server sends it on to the admin side it is set up with.
 */
export const ADMIN_LOGIN_PATH = '/admin/login';
