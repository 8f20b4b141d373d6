import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { uploadImage } from '../../../src/api/uploads';

/** A stand-in for the browser's XMLHttpRequest: records what is sent, answers as the test says. */
class FakeXhr {
  static last: FakeXhr | null = null;
  static answer: { status: number; body: unknown } = { status: 201, body: {} };
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: {
    onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader() {
    return null;
  }
  send(body: unknown) {
    this.body = body;
    this.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true });
    queueMicrotask(() => {
      if (this.status === -1) return;
      this.status = FakeXhr.answer.status;
      this.responseText = JSON.stringify(FakeXhr.answer.body);
      this.onload?.();
    });
  }
  abort() {
    this.status = -1;
    this.onabort?.();
  }
}

const media = {
  id: 4,
  type: 2,
  name: '512.webp',
  url: '/media/uploads/4/512.webp',
  mime_type: 'image/webp',
  size_bytes: 10,
  urls: {
    small: '/media/uploads/4/64.webp',
    medium: '/media/uploads/4/256.webp',
    large: '/media/uploads/4/512.webp',
  },
  created_at: 1,
  updated_at: 1,
};

function client() {
  const onUnauthorized = vi.fn();
  const api = createApiClient({ token: () => 'tok', language: () => 'ru', appId: 'web', onUnauthorized });
  return { api, onUnauthorized };
}

const photo = new Blob([new Uint8Array(10)], { type: 'image/png' });

afterEach(() => vi.unstubAllGlobals());

describe('uploadImage', () => {
  it('sends the bytes with the session headers, reports progress and answers the Media file', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = { status: 201, body: { success: true, data: media } };
    const progress: [number, number][] = [];
    const { api } = client();
    const file = await uploadImage(api, photo, {
      onProgress: (sent, total) => progress.push([sent, total]),
      signal: new AbortController().signal,
    });
    expect(file).toMatchObject({ id: 4, type: 'image', urls: media.urls });
    expect(progress).toEqual([[5, 10]]);
    const xhr = FakeXhr.last as FakeXhr;
    expect([xhr.method, xhr.url, xhr.body]).toEqual(['POST', '/spa/api/v1/media/upload?lang=ru', photo]);
    expect(xhr.headers).toMatchObject({
      Authorization: 'Bearer tok',
      'Content-Type': 'image/png',
      'X-App-Id': 'web',
    });
  });

  it('turns a refusal into the server’s words, and a 401 into the end of the session', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = { status: 413, body: { success: false, message: 'Изображение слишком большое' } };
    const { api, onUnauthorized } = client();
    const options = { onProgress: () => {}, signal: new AbortController().signal };
    await expect(uploadImage(api, photo, options)).rejects.toEqual({
      status: 413,
      message: 'Изображение слишком большое',
      fieldErrors: {},
    });
    FakeXhr.answer = { status: 401, body: { success: false, message: 'Session ended' } };
    await expect(uploadImage(api, photo, options)).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('stops the request when its signal aborts', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const controller = new AbortController();
    const { api } = client();
    const pending = uploadImage(api, photo, {
      onProgress: () => controller.abort(),
      signal: controller.signal,
    });
    await expect(pending).rejects.toEqual({ status: 0, message: '', fieldErrors: {} });
  });
});
