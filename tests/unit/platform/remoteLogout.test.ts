// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listenRemoteLogout } from '../../../src/platform/remoteLogout';
import { clearToken, storeToken } from '../../../src/platform/tokenStorage';

/** The streams the code under test opened, by URL; a fake, as a unit test has no server. */
const opened: string[] = [];
const sources: FakeEventSource[] = [];
class FakeEventSource extends EventTarget {
  closed = false;
  constructor(readonly url: string) {
    super();
    opened.push(url);
    sources.push(this);
  }
  close() {
    this.closed = true;
  }
}

afterEach(() => {
  clearToken();
  opened.length = 0;
  sources.length = 0;
  vi.unstubAllGlobals();
});

describe('listenRemoteLogout', () => {
  it('leaves the token out of the URL when the session cookie holds it', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    storeToken('token-in-cookie');
    listenRemoteLogout('token-in-cookie', () => {})();
    expect(opened).toEqual(['/spa/api/v1/events']);
  });

  it('names the token when the cookie holds another or none', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    storeToken('older token');
    listenRemoteLogout('newer token', () => {})();
    clearToken();
    listenRemoteLogout('newer token', () => {})();
    expect(opened).toEqual([
      '/spa/api/v1/events?token=newer%20token',
      '/spa/api/v1/events?token=newer%20token',
    ]);
  });

  it('signs out once on the logout event, closing the stream', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let loggedOut = 0;
    listenRemoteLogout('t', () => {
      loggedOut += 1;
    });
    const [source] = sources;
    if (!source) throw new Error('no stream was opened');
    expect(loggedOut).toBe(0);
    source.dispatchEvent(new Event('logout'));
    expect(loggedOut).toBe(1);
    expect(source.closed).toBe(true);
  });
});
