import { describe, expect, it } from 'vitest';
import { isOfflineReadable, isStartRead, startReads } from '../../../src/domain/offlineReads';

const at = (path: string) => new URL(`https://school.example${path}`);

describe('offline reads', () => {
  it.each([
    '/spa/api/v1/user',
    '/spa/api/v1/external-application-config',
    '/spa/api/v1/user-course-streams',
    '/spa/api/v1/user-course-streams/12',
    '/spa/api/v1/user-course-streams/12/status',
    '/spa/api/v1/user-course-streams/12/user-day-status/5/progress',
    '/spa/api/v1/courses',
    '/spa/api/v1/courses/3',
    '/spa/api/v1/courses/3/stages',
    '/spa/api/v1/courses/3/days',
    '/spa/api/v1/courses/3/stages/4/days',
    '/spa/api/v1/courses/3/stages/4/days/7',
    '/spa/v2/user',
    '/spa/api/v1/schedule',
    '/spa/api/v1/support-category',
    '/spa/api/v1/user-external-auth',
  ])('keeps %s', (path) => {
    expect(isOfflineReadable(at(`${path}?lang=en&page=1`))).toBe(true);
  });

  it.each([
    // GETs that change state or carry secrets are never answered from a kept copy.
    '/spa/api/v1/user-course-streams/12/freeze/cancel',
    '/spa/api/v1/schedule/update',
    '/spa/api/v1/events',
    '/spa/api/v1/user/12',
    '/spa/api/v1/courses/abc',
    '/spa/api/v1/save-lesson-stat',
    '/spa/api/v3/user',
    '/v/home',
    '/media/videos/1/video.mp4',
    '/spa/api/v1user',
  ])('never keeps %s', (path) => {
    expect(isOfflineReadable(at(path))).toBe(false);
  });

  it('keeps past the expiry only what the app cannot start without', () => {
    expect(isStartRead(at('/spa/api/v1/external-application-config?lang=ru'))).toBe(true);
    expect(isStartRead(at('/spa/api/v1/user?lang=en'))).toBe(true);
    expect(isStartRead(at('/spa/v2/user'))).toBe(true);
    for (const path of [
      '/spa/api/v1/user-course-streams',
      '/spa/api/v1/user-score',
      '/spa/api/v1/user/12',
      '/v/user',
    ]) {
      expect(isStartRead(at(path))).toBe(false);
    }
  });

  it('warms the config in every interface language', () => {
    expect(startReads('https://school.example')).toEqual([
      'https://school.example/spa/api/v1/external-application-config?lang=en',
      'https://school.example/spa/api/v1/external-application-config?lang=ru',
      'https://school.example/spa/api/v1/external-application-config?lang=es',
    ]);
  });
});
