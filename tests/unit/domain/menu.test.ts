import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND } from '../../../brands';
import { communityLink, type MenuFacts, memberCommunities, menuGroups } from '../../../src/domain/menu';
import type { Community } from '../../../src/domain/startLists';

const community = (id: number, chatOnly = false): Community => ({
  id,
  uniq: null,
  title: `Community ${id}`,
  slug: `c-${id}`,
  chatOnly,
  courseIds: [],
});
const member = (communityId: number) => ({
  communityId,
  startDate: null,
  endDate: null,
  isOptionalPurchase: false,
});

const brand = {
  ...DEFAULT_BRAND,
  socialAuth: { web: [], ios: [], android: [] },
  instructionUrl: {},
  guidelineUrl: {},
  communityUrlFrontend: undefined,
  clubInApp: undefined,
  flags: { ...DEFAULT_BRAND.flags, isVideoConsultationSupport: false, isOfflineEnable: false },
} satisfies MenuFacts['brand'];

const ids = (entries: { id: string }[]) => entries.map((entry) => entry.id);

describe('menuGroups', () => {
  it('leaves out what the brand and the user do not have', () => {
    const groups = menuGroups({ brand, language: 'en', lists: null });
    expect(ids(groups.general)).toEqual(['support', 'subscriptions']);
    expect(ids(groups.settings)).toEqual(['userEdit', 'userSettings', 'points', 'delete', 'logout']);
    // On a phone, support (general group) and the catalog (a section link) are already above it.
    expect(ids(groups.mobileProfile)).toEqual(['userEdit', 'userSettings', 'delete', 'logout']);
  });

  it('lists the downloads on a phone too when the brand has offline mode, and nothing twice', () => {
    const offline = {
      ...brand,
      flags: { ...brand.flags, isOfflineEnable: true, isVideoConsultationSupport: true },
    };
    const groups = menuGroups({ brand: offline, language: 'en', lists: null });
    expect(ids(groups.settings)).toContain('downloads');
    expect(ids(groups.mobileProfile)).toEqual(['userEdit', 'userSettings', 'downloads', 'delete', 'logout']);
    const onPhone = [...ids(groups.general), ...ids(groups.mobileProfile)];
    expect(new Set(onPhone).size).toBe(onPhone.length);
  });

  it('adds social networks, consultations, documents, the community and the club when they exist', () => {
    const full: MenuFacts['brand'] = {
      ...brand,
      socialAuth: { web: ['google'], ios: [], android: [] },
      instructionUrl: { en: '/v/docs/instruction-en.html' },
      guidelineUrl: { en: '/v/docs/guide.pdf' },
      communityUrlFrontend: 'https://club.example.com/c',
      clubInApp: { title: 'Our club', description: '', image: '', showButtonGoTo: true },
      flags: { ...brand.flags, isVideoConsultationSupport: true },
    };
    const lists = {
      communities: [community(1), community(2, true)],
      userCommunities: [member(1), member(2)],
    };
    const groups = menuGroups({ brand: full, language: 'en', lists });
    expect(ids(groups.general)).toEqual(['community', 'videoconsultations', 'support', 'subscriptions']);
    expect(groups.general[0]).toEqual({
      kind: 'external',
      id: 'community',
      href: `https://club.example.com/c?utm_source=lk&utm_medium=main&utm_campaign=${full.id}`,
    });
    expect(groups.settings.map((entry) => entry.kind)).toContain('club');
    expect(groups.settings.find((entry) => entry.id === 'guideline')).toEqual({
      kind: 'document',
      id: 'guideline',
      url: '/v/docs/guide.pdf',
    });
    expect(ids(groups.mobileProfile)).toContain('socialNetworks');
    // Another language without its own instruction has no entry for it.
    expect(ids(menuGroups({ brand: full, language: 'es', lists }).settings)).not.toContain('instruction');
  });

  it('shows no community or club to a user only in chat-only communities, or with no community site', () => {
    const lists = { communities: [community(2, true), community(3)], userCommunities: [member(2)] };
    const withSite = { ...brand, communityUrlFrontend: 'https://club.example.com' };
    expect(memberCommunities(lists)).toEqual([]);
    expect(ids(menuGroups({ brand: withSite, language: 'en', lists }).general)).not.toContain('community');
    const notSite = { ...brand, communityUrlFrontend: 'javascript:alert(1)' };
    const joined = { communities: [community(3)], userCommunities: [member(3)] };
    expect(ids(menuGroups({ brand: notSite, language: 'en', lists: joined }).general)).not.toContain(
      'community',
    );
  });
});

describe('communityLink', () => {
  it('names the community and tags the visit as coming from the cabinet', () => {
    expect(communityLink('https://club.example.com/', 'kite', community(4))).toBe(
      'https://club.example.com/c-4?utm_source=lk&utm_medium=main&utm_campaign=kite',
    );
  });
});
