import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type DownloadsActor, downloadsMachine } from '../../machines/offline/downloads.machine';
import { type DownloadRecord, NO_SPACE_CODE } from '../../src/domain/learning/download';
import { DownloadsView } from '../../src/features/offline/DownloadsScreen';
import { session } from '../fixtures';
import { screenProviders } from '../screenProviders';
import { noOtherTabs, renderSignedIn, restoredDownloads } from './offlineFixtures';

/** A lesson stored late in the evening of 26.11.2026 in London (the learner's zone): 22:55 UTC. */
const stored: DownloadRecord = {
  lessonId: 31,
  fileId: 131,
  streamId: 5,
  dayId: 12,
  courseTitle: 'Strong back',
  lessonTitle: 'Lesson 31',
  files: [{ url: 'https://app.test/media/videos/31/video.mp4', sizeBytes: 2048 }],
  status: 'loaded',
  sizeBytes: 2048,
  downloadedAt: Date.UTC(2026, 10, 26, 22, 55),
  code: null,
};

describe('the downloads page', () => {
  it('says when each lesson was downloaded as DD.MM.YYYY, in the learner’s zone', async () => {
    const registry = createActor(
      downloadsMachine.provide({
        actors: {
          readDownloads: fromPromise(async () => [stored]),
          clearDownloads: fromPromise(async () => {}),
          watchOtherTabs: noOtherTabs,
        },
      }),
    ).start();
    await waitFor(registry, (snapshot) => snapshot.matches('ready'));
    const inMoscow = { ...session, user: { ...session.user, timezone: 'Europe/Moscow' } };
    for (const [setting, day] of [
      [session, '26.11.2026'],
      // Past midnight in Moscow: already the next day there.
      [inMoscow, '27.11.2026'],
    ] as const) {
      const { element, stop } = await screenProviders({ path: '/user/downloads', session: setting }, () =>
        createElement(DownloadsView, { registry }),
      );
      const view = render(element);
      try {
        const item = within(screen.getByRole('list')).getByRole('listitem');
        expect(item.textContent).toContain(`downloaded ${day}`);
      } finally {
        view.unmount();
        stop();
      }
    }
    registry.stop();
  });

  it('names each lesson as the day page does: the marker of its title as the part, in the interface’s language', async () => {
    const marked = (lessonId: number, lessonTitle: string): DownloadRecord => ({
      ...stored,
      lessonId,
      fileId: 100 + lessonId,
      lessonTitle,
    });
    const registry = createActor(
      downloadsMachine.provide({
        actors: {
          readDownloads: fromPromise(async () => [
            marked(1, 'Squat (analysis)'),
            marked(2, 'Присед [разбор]'),
          ]),
          clearDownloads: fromPromise(async () => {}),
          watchOtherTabs: noOtherTabs,
        },
      }),
    ).start();
    await waitFor(registry, (snapshot) => snapshot.matches('ready'));
    const { element, stop } = await screenProviders({ path: '/user/downloads', session }, () =>
      createElement(DownloadsView, { registry }),
    );
    const view = render(element);
    try {
      const names = within(screen.getByRole('list'))
        .getAllByRole('button', { name: /^Delete the download: / })
        .map((link) => link.getAttribute('aria-label'));
      expect(names.sort()).toEqual([
        'Delete the download: Squat, Analysis',
        'Delete the download: Присед, Analysis',
      ]);
    } finally {
      view.unmount();
      stop();
      registry.stop();
    }
  });

  /** The page over the learner's downloads. */
  async function renderPage(registry: DownloadsActor) {
    const page = await renderSignedIn('/user/downloads', () => createElement(DownloadsView, { registry }), [
      registry,
    ]);
    await screen.findByRole('list');
    return page;
  }

  it('counts a file two lessons share once in what the downloads take', async () => {
    const video = { url: 'https://app.test/media/videos/4/video.mp4', sizeBytes: 3_000_000 };
    const poster = (lessonId: number) => ({
      url: `https://app.test/media/${lessonId}/poster.jpg`,
      sizeBytes: 100_000,
    });
    const sharing = (lessonId: number): DownloadRecord => ({
      ...stored,
      lessonId,
      lessonTitle: `Lesson ${lessonId}`,
      files: [video, poster(lessonId)],
      sizeBytes: 3_100_000,
    });
    const page = await renderPage(await restoredDownloads([sharing(31), sharing(32)]));
    try {
      expect(screen.getByText(/^Downloads take/).textContent).toContain('Downloads take 3.2 MB.');
    } finally {
      page.done();
    }
  });

  it('keeps the focus on the page when a removal takes the focused button along', async () => {
    const another: DownloadRecord = { ...stored, lessonId: 32, fileId: 132, lessonTitle: 'Lesson 32' };
    const page = await renderPage(await restoredDownloads([stored, another]));
    const focusedText = () => document.activeElement?.textContent ?? '';
    try {
      const remove = screen.getByRole('button', { name: 'Delete the download: Lesson 31' });
      remove.focus();
      fireEvent.click(remove);
      await vi.waitFor(() => expect(focusedText()).toMatch(/^Downloads take/));

      const clearAll = screen.getByRole('button', { name: 'Delete all downloads' });
      clearAll.focus();
      fireEvent.click(clearAll);
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete all' }));
      await vi.waitFor(() => expect(focusedText()).toMatch(/^No downloaded lessons yet/));
    } finally {
      page.done();
    }
  });

  it('says why a download failed and tries it again', async () => {
    const failedForRoom: DownloadRecord = {
      ...stored,
      status: 'fail',
      downloadedAt: null,
      code: NO_SPACE_CODE,
    };
    const page = await renderPage(await restoredDownloads([failedForRoom]));
    try {
      const item = within(screen.getByRole('list')).getByRole('listitem');
      expect(item.textContent).toContain('Not enough space');
      fireEvent.click(within(item).getByRole('button', { name: 'Try the download again: Lesson 31' }));
      expect(await within(item).findByText('Downloading: 0%')).toBeTruthy();
      expect(within(item).getByRole('button', { name: 'Cancel the download: Lesson 31' })).toBeTruthy();
    } finally {
      page.done();
    }
  });

  it('says a download failed for the lost network, and offers no retry offline', async () => {
    // Cut by a reload, the download starts again and finds no network.
    const cut: DownloadRecord = { ...stored, status: 'loading', downloadedAt: null };
    const page = await renderPage(
      await restoredDownloads([cut], async () => Promise.reject({ code: null, offline: true })),
    );
    try {
      const item = within(screen.getByRole('list')).getByRole('listitem');
      expect(await within(item).findByText('You are offline')).toBeTruthy();
      expect(within(item).getByRole('button', { name: 'Try the download again: Lesson 31' })).toBeTruthy();
      act(() => page.root().send({ type: 'CONNECTIVITY.OFFLINE' }));
      expect(within(item).queryByRole('button', { name: 'Try the download again: Lesson 31' })).toBeNull();
      expect(within(item).getByRole('button', { name: 'Delete the download: Lesson 31' })).toBeTruthy();
    } finally {
      page.done();
    }
  });
});
