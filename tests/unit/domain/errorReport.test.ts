import { describe, expect, it, vi } from 'vitest';
import { toChunkLoadError } from '../../../src/domain/chunkLoad';
import {
  CLIENT_ERROR_LIMITS,
  createErrorReporter,
  createRepeatFilter,
  ERROR_REPEAT_WINDOW_MS,
  shouldReportError,
  toClientErrorReport,
} from '../../../src/domain/errorReport';

const requestError = (status: number, message = '') => ({ status, message, fieldErrors: {} });
const named = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('which client errors are reported', () => {
  it.each([
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a thrown string', 'state went wrong'],
    ['a server failure', requestError(500, 'Internal error')],
    ['an answer the app does not understand', requestError(200)],
  ])('reports %s', (_, error) => {
    expect(shouldReportError(error)).toBe(true);
  });

  it.each([
    ['a request without an answer', requestError(0)],
    ["fetch's network failure", new TypeError('Failed to fetch')],
    ["Firefox's network failure", new TypeError('NetworkError when attempting to fetch resource.')],
    ['an aborted request', named('AbortError', 'The operation was aborted.')],
    ['a chunk that failed to load', toChunkLoadError(new TypeError('Importing a module script failed.'))],
    ['a raw chunk failure', new TypeError('Failed to fetch dynamically imported module: /v/assets/a.js')],
    ['a redundant navigation', named('NavigationDuplicated', 'Avoided redundant navigation to /home')],
    ['an ended session', requestError(401, 'Unauthorized')],
    ['nothing at all', undefined],
  ])('ignores %s', (_, error) => {
    expect(shouldReportError(error)).toBe(false);
  });
});

describe('the report sent to POST /client-errors', () => {
  const href = 'http://localhost:8080/v/home';

  it('keeps name, message and stack of an Error', () => {
    const error = new RangeError('Too far');
    expect(toClientErrorReport(error, href)).toEqual({
      name: 'RangeError',
      message: 'Too far',
      stack: error.stack,
      href,
    });
  });

  it('describes a failed request by its status', () => {
    expect(toClientErrorReport(requestError(503, 'Down'), href)).toEqual({
      name: 'RequestError',
      message: 'Request failed with status 503: Down',
      href,
    });
  });

  it('gives thrown strings, objects and empty errors a name and a message', () => {
    expect(toClientErrorReport('plain text', href)).toMatchObject({ name: 'Error', message: 'plain text' });
    expect(toClientErrorReport({ code: 7 }, href)).toMatchObject({ name: 'Error', message: '{"code":7}' });
    const empty = toClientErrorReport(Object.assign(new Error(''), { stack: undefined }), href);
    expect(empty).toEqual({ name: 'Error', message: 'Error', href });
  });

  it('turns control characters the server refuses into spaces, keeping tabs and line breaks', () => {
    const error = Object.assign(new Error('line\r\nnext\u0000end'), { stack: 'at a\n\tat b\u001b' });
    expect(toClientErrorReport(error, href)).toMatchObject({
      message: 'line \nnext end',
      stack: 'at a\n\tat b ',
    });
  });

  it('cuts every field to what the server accepts', () => {
    const long = (length: number) => 'x'.repeat(length + 1);
    const error = Object.assign(new Error(long(CLIENT_ERROR_LIMITS.message)), {
      name: long(CLIENT_ERROR_LIMITS.name),
      stack: long(CLIENT_ERROR_LIMITS.stack),
    });
    const report = toClientErrorReport(error, long(CLIENT_ERROR_LIMITS.href));
    expect(report.name).toHaveLength(CLIENT_ERROR_LIMITS.name);
    expect(report.message).toHaveLength(CLIENT_ERROR_LIMITS.message);
    expect(report.stack).toHaveLength(CLIENT_ERROR_LIMITS.stack);
    expect(report.href).toHaveLength(CLIENT_ERROR_LIMITS.href);
  });
});

describe('bursts of one error', () => {
  const boom = { name: 'Error', message: 'boom' };

  it('lets the same error through once a minute', () => {
    const allow = createRepeatFilter();
    expect(allow(boom, 0)).toBe(true);
    expect(allow(boom, 1_000)).toBe(false);
    expect(allow(boom, ERROR_REPEAT_WINDOW_MS - 1)).toBe(false);
    expect(allow(boom, ERROR_REPEAT_WINDOW_MS)).toBe(true);
  });

  it('lets different errors through', () => {
    const allow = createRepeatFilter();
    expect(allow(boom, 0)).toBe(true);
    expect(allow({ name: 'Error', message: 'bang' }, 0)).toBe(true);
    expect(allow({ name: 'TypeError', message: 'boom' }, 0)).toBe(true);
  });
});

describe('the error reporter', () => {
  const setup = () => {
    const sent: unknown[] = [];
    let clock = 0;
    const report = createErrorReporter({
      send: async (body) => {
        sent.push(body);
      },
      href: () => 'http://localhost:8080/v/home',
      now: () => clock,
    });
    return { sent, report, tick: (ms: number) => (clock += ms) };
  };

  it('sends a report once per burst and skips ignored errors', () => {
    const { sent, report, tick } = setup();
    report(new Error('boom'));
    report(new Error('boom'));
    report(new TypeError('Failed to fetch'));
    expect(sent).toEqual([expect.objectContaining({ name: 'Error', message: 'boom' })]);
    tick(ERROR_REPEAT_WINDOW_MS);
    report(new Error('boom'));
    expect(sent).toHaveLength(2);
  });

  it('drops a report that cannot be sent', async () => {
    const report = createErrorReporter({
      send: () => Promise.reject(new Error('offline')),
      href: () => '/v/',
      now: () => 0,
    });
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    report(new Error('boom'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
