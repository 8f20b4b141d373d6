import type { AnyRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { trackNavigationHistory } from '../../../src/app/navigationHistory';
import { sectionLink } from '../../../src/domain/navigationHistory';

/** Just what the store reads of a router: its state and its resolved-navigation events. */
function routerStandIn() {
  const listeners: (() => void)[] = [];
  const state = {
    location: { href: '/' },
    resolvedLocation: undefined as { href: string } | undefined,
    matches: [] as { staticData: { name: string } }[],
  };
  const router = {
    state,
    subscribe: (_event: string, listener: () => void) => listeners.push(listener),
  } as unknown as AnyRouter;
  /** The router starts to show `href`; `resolve` says it has. */
  const start = (name: string, href: string) => {
    state.location = { href };
    state.matches = [{ staticData: { name } }];
  };
  /** The router shows the page it moved to; its resolved event comes after (`announce`). */
  const commit = () => {
    state.resolvedLocation = state.location;
  };
  const announce = () => {
    for (const listener of listeners) listener();
  };
  const resolve = () => {
    commit();
    announce();
  };
  /** A page shown and its visit announced, one after the other. */
  const visit = (...pages: [name: string, href: string][]) => {
    for (const [name, href] of pages) {
      start(name, href);
      resolve();
    }
  };
  return { router, start, commit, announce, resolve, visit };
}

describe('the running navigation history', () => {
  it('takes back the visit of a page that found nothing, back to the section’s page before it', () => {
    const { router, resolve, visit } = routerStandIn();
    const store = trackNavigationHistory(router);
    visit(['calendar', '/course/5/calendar'], ['day', '/course/5/calendar/999']);
    expect(sectionLink(store.get(), 'course')).toBe('/course/5/calendar/999');
    store.forgetCurrentPage();
    expect(sectionLink(store.get(), 'course')).toBe('/course/5/calendar');
    // Said twice, it takes back no more than that one visit.
    store.forgetCurrentPage();
    expect(sectionLink(store.get(), 'course')).toBe('/course/5/calendar');
    // The router resolving the same page again (a search change, a refresh) does not record it again.
    resolve();
    expect(sectionLink(store.get(), 'course')).toBe('/course/5/calendar');
  });

  it('takes back a page the router resolved twice before it was found missing', () => {
    const { router, resolve, visit } = routerStandIn();
    const store = trackNavigationHistory(router);
    visit(['calendar', '/course/5/calendar'], ['day', '/course/5/calendar/999']);
    resolve();
    store.forgetCurrentPage();
    expect(sectionLink(store.get(), 'course')).toBe('/course/5/calendar');
  });

  it('does not record a page found missing before its visit was, and records the next one', () => {
    const { router, start, commit, announce, resolve } = routerStandIn();
    const store = trackNavigationHistory(router);
    start('calendar', '/course/5/calendar');
    resolve();
    // A stream id that is not a number is found missing as the page mounts, before the event.
    start('calendar', '/course/abc/calendar');
    commit();
    store.forgetCurrentPage();
    announce();
    expect(sectionLink(store.get(), 'course')).toBe('/course/5/calendar');
    resolve();
    expect(sectionLink(store.get(), 'course')).toBe('/course/5/calendar');
    start('day', '/course/5/calendar/2');
    resolve();
    expect(sectionLink(store.get(), 'course')).toBe('/course/5/calendar/2');
  });

  it('takes back the page shown, not the one the router is moving on to', () => {
    const { router, start, resolve, visit } = routerStandIn();
    const store = trackNavigationHistory(router);
    visit(['calendar', '/course/5/calendar'], ['day', '/course/5/calendar/999']);
    // The learner moved on before the day was found missing: the chat's visit is still recorded.
    start('chat', '/chat/9');
    store.forgetCurrentPage();
    resolve();
    expect(sectionLink(store.get(), 'course')).toBe('/course/5/calendar');
    expect(sectionLink(store.get(), 'chat')).toBe('/chat/9');
  });
});
