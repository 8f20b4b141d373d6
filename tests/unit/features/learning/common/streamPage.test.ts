import { describe, expect, it } from 'vitest';
import { streamOfPage } from '../../../../../src/features/learning/common/streamPage';

describe('the stream a page belongs to', () => {
  it.each([
    ['/course/5/calendar', 5],
    ['/course/5/calendar/', 5],
    ['/course/5/calendar/3', 5],
  ])('%s is the page of stream %s', (path, streamId) => {
    expect(streamOfPage(path, '/')).toBe(streamId);
    expect(streamOfPage(`/v${path}`, '/v/')).toBe(streamId);
  });

  it.each([
    '/course/5/materials',
    '/course/5/freeze',
    '/course/5/calendar/3/more',
    '/course/abc/calendar',
    '/course/05/calendar',
    '/course/2147483648/calendar',
    '/user/edit',
  ])('%s is no stream page', (path) => {
    expect(streamOfPage(path, '/')).toBeNull();
  });

  it('a path outside the base is no page of the app', () => {
    expect(streamOfPage('/course/5/calendar', '/v/')).toBeNull();
  });
});
