import { describe, expect, it } from 'vitest';
import { isPushServiceEndpoint, parsePushServices } from '../../../server/infra/push-services';

describe('isPushServiceEndpoint', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://FCM.googleapis.com:443/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://db5p.notify.windows.com/w/?token=abc',
    'https://web.push.apple.com/abc',
  ])('takes the browsers’ push service %s', (endpoint) => {
    expect(isPushServiceEndpoint(endpoint)).toBe(true);
  });

  it.each([
    ['plain HTTP', 'http://fcm.googleapis.com/fcm/send/abc'],
    ['another port', 'https://fcm.googleapis.com:8443/fcm/send/abc'],
    ['credentials', 'https://a:b@fcm.googleapis.com/fcm/send/abc'],
    ['a look-alike host', 'https://fcm.googleapis.com.evil.example/abc'],
    ['a bare suffix', 'https://notify.windows.com/abc'],
    ['a private address', 'https://10.0.0.1/abc'],
    ['the metadata address', 'https://169.254.169.254/latest'],
    ['loopback without a local service', 'http://127.0.0.1:4001/push'],
    ['no URL', 'push me'],
  ])('refuses %s', (_label, endpoint) => {
    expect(isPushServiceEndpoint(endpoint)).toBe(false);
  });

  it('takes a local push service on loopback only when configured, and hosts of its own', () => {
    const services = { local: true, hosts: ['push.school.example', '.push.example.org'] };
    expect(isPushServiceEndpoint('http://127.0.0.1:4001/push', services)).toBe(true);
    expect(isPushServiceEndpoint('http://[::1]:4001/push', services)).toBe(true);
    expect(isPushServiceEndpoint('http://10.0.0.1:4001/push', services)).toBe(false);
    expect(isPushServiceEndpoint('https://push.school.example/a', services)).toBe(true);
    expect(isPushServiceEndpoint('https://eu.push.example.org/a', services)).toBe(true);
    expect(isPushServiceEndpoint('https://push.example.org/a', services)).toBe(false);
  });
});

describe('parsePushServices', () => {
  it('reads PUSH_SERVICE_HOSTS and PUSH_LOCAL_SERVICE', () => {
    expect(parsePushServices({})).toEqual({ hosts: [], local: false });
    expect(
      parsePushServices({
        PUSH_SERVICE_HOSTS: ' push.a.example, .push.b.example ,',
        PUSH_LOCAL_SERVICE: '1',
      }),
    ).toEqual({ hosts: ['push.a.example', '.push.b.example'], local: true });
  });
});
