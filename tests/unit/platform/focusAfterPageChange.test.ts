// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { focusUnclaimed, watchPageHeading } from '../../../src/platform/focusAfterPageChange';

/** Lets the page's observer see the change, then its wait for the page's own focus run out. */
async function settle() {
  await new Promise<void>((resolve) => queueMicrotask(resolve));
  vi.advanceTimersByTime(1_000);
}

function heading(text: string) {
  const h1 = document.createElement('h1');
  h1.textContent = text;
  return h1;
}

describe('watchPageHeading', () => {
  let main: HTMLElement;
  let stop: () => void = () => undefined;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    main = document.createElement('main');
    document.body.replaceChildren(main);
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('focuses a new page’s heading however long the page takes to show it', async () => {
    (document.activeElement as HTMLElement | null)?.blur();
    stop = watchPageHeading(main, true);
    vi.advanceTimersByTime(30_000);
    const title = heading('Calendar');
    main.append(title);
    await settle();
    expect(document.activeElement).toBe(title);
  });

  it('gives the heading a focus the page took away, such as a “Try again” replaced by the content', async () => {
    const title = heading('My courses');
    const retry = document.createElement('button');
    main.append(title, retry);
    // The first page of a visit: its heading is only noted.
    stop = watchPageHeading(main, false);
    expect(document.activeElement).not.toBe(title);
    retry.focus();
    retry.remove();
    await settle();
    expect(document.activeElement).toBe(title);
  });

  it('leaves unclaimed a focus its heading holds for a removed control, not one a page change gave it', async () => {
    (document.activeElement as HTMLElement | null)?.blur();
    stop = watchPageHeading(main, true);
    const title = heading('Cookie settings');
    const save = document.createElement('button');
    main.append(title, save);
    await settle();
    expect(document.activeElement).toBe(title);
    expect(focusUnclaimed()).toBe(false);
    save.focus();
    save.remove();
    await settle();
    expect(document.activeElement).toBe(title);
    expect(focusUnclaimed()).toBe(true);
  });

  it('waits for the loaded page’s heading when the focus went with a loading state', async () => {
    const retry = document.createElement('button');
    main.append(heading('Calendar'), retry);
    stop = watchPageHeading(main, false);
    retry.focus();
    main.replaceChildren(document.createElement('p'));
    await settle();
    expect(document.activeElement).toBe(document.body);
    const loaded = heading('Calendar');
    main.replaceChildren(loaded);
    await settle();
    expect(document.activeElement).toBe(loaded);
  });

  it('leaves alone a focus the learner put elsewhere, and one never in the page', async () => {
    const title = heading('Day 1');
    const play = document.createElement('button');
    main.append(title, play);
    const outside = document.createElement('button');
    document.body.append(outside);
    stop = watchPageHeading(main, false);
    outside.focus();
    main.append(document.createElement('p'));
    await settle();
    expect(document.activeElement).toBe(outside);
    // A control still in the page lost the focus to the page's background.
    play.focus();
    play.blur();
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    main.append(document.createElement('p'));
    await settle();
    expect(document.activeElement).toBe(document.body);
  });

  it('stops watching when the page goes', async () => {
    stop = watchPageHeading(main, true);
    stop();
    main.append(heading('Gone'));
    await settle();
    expect(document.activeElement).toBe(document.body);
  });
});
