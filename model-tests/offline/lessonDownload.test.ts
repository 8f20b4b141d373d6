import { act, screen } from '@testing-library/react';
import { createElement, Fragment } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Language } from '../../brands';
import type { DownloadsActor } from '../../machines/offline/downloads.machine';
import { activateLanguage, loadAreaCatalog } from '../../src/app/i18n';
import { LessonDownload } from '../../src/features/learning/player/LessonDownload';
import {
  recordOf,
  renderSignedIn,
  restoredDownloads,
  setLessonOf,
  videoLesson,
  where,
} from './offlineFixtures';

/** The theory and the execution of one exercise: one title, two parts (the title's marker). */
const theory = videoLesson(41, 'Calm breathing', 'theory');
const execution = videoLesson(42, 'Calm breathing', 'Execution');

let cleanUp: (() => void) | null = null;
afterEach(async () => {
  cleanUp?.();
  cleanUp = null;
  await activateLanguage('en');
});

/** Both lessons' download controls, as the day page shows them under each lesson's player. */
async function renderControls(registry: DownloadsActor) {
  const page = await renderSignedIn(
    '/course/5/calendar/3',
    () =>
      createElement(
        Fragment,
        null,
        createElement(LessonDownload, { registry, item: setLessonOf(theory), where }),
        createElement(LessonDownload, { registry, item: setLessonOf(execution), where }),
      ),
    [registry],
  );
  cleanUp = page.done;
  return page;
}

async function speak(language: Language) {
  await act(async () => {
    await activateLanguage(language);
    await loadAreaCatalog('learning');
  });
}

const button = (name: string) => screen.queryByRole('button', { name });

describe("a lesson's download controls", () => {
  it.each([
    ['en', 'Download for offline viewing: Calm breathing', ['Theory', 'Execution']],
    ['ru', 'Скачать для просмотра без интернета: Calm breathing', ['Теория', 'Выполнение']],
    ['es', 'Descargar para ver sin conexión: Calm breathing', ['Teoría', 'Ejecución']],
  ] as const)('name the lesson with its part in %s', async (language, name, parts) => {
    await renderControls(await restoredDownloads([]));
    await speak(language);
    for (const partName of parts) expect(button(`${name}, ${partName}`)).toBeTruthy();
  });

  it.each([
    ['en', 'Delete the download: Calm breathing', ['Theory', 'Execution']],
    ['ru', 'Удалить загрузку: Calm breathing', ['Теория', 'Выполнение']],
    ['es', 'Eliminar la descarga: Calm breathing', ['Teoría', 'Ejecución']],
  ] as const)('name a stored lesson’s delete with its part in %s', async (language, name, parts) => {
    await renderControls(
      await restoredDownloads([recordOf(theory, 'loaded'), recordOf(execution, 'loaded')]),
    );
    await speak(language);
    for (const partName of parts) expect(button(`${name}, ${partName}`)).toBeTruthy();
  });

  it('offer no download and no retry offline, and keep delete', async () => {
    const page = await renderControls(await restoredDownloads([recordOf(theory, 'fail')]));
    expect(button('Try the download again: Calm breathing, Theory')).toBeTruthy();
    expect(button('Download for offline viewing: Calm breathing, Execution')).toBeTruthy();
    act(() => page.root().send({ type: 'CONNECTIVITY.OFFLINE' }));
    expect(button('Try the download again: Calm breathing, Theory')).toBeNull();
    expect(button('Download for offline viewing: Calm breathing, Execution')).toBeNull();
    expect(button('Delete the download: Calm breathing, Theory')).toBeTruthy();
    act(() => page.root().send({ type: 'CONNECTIVITY.ONLINE' }));
    expect(button('Download for offline viewing: Calm breathing, Execution')).toBeTruthy();
  });

  it('say a download failed for the lost network, not only that it failed', async () => {
    const registry = await restoredDownloads([recordOf(theory, 'fail')], () =>
      Promise.reject({ code: null, offline: true }),
    );
    await renderControls(registry);
    expect(screen.getByRole('alert').textContent).toBe('The download failed.');
    act(() => button('Try the download again: Calm breathing, Theory')?.click());
    expect(await screen.findByText('You are offline')).toBeTruthy();
  });
});
