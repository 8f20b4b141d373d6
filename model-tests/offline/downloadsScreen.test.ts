import { render, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { downloadsMachine } from '../../machines/offline/downloads.machine';
import type { DownloadRecord } from '../../src/domain/learning/download';
import { DownloadsView } from '../../src/features/offline/DownloadsScreen';
import { session } from '../fixtures';
import { screenProviders } from '../screenProviders';

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
});
