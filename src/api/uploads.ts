import * as v from 'valibot';
import type { MediaFile } from '../domain/learning/course';
import type { RequestError } from '../domain/requestError';
import type { TrackedApiClient } from './client';
import { requestErrorFromResponse } from './client';
import { toMediaFile, WireMediaFileSchema } from './courses';

/**
 * The image upload (POST /media/upload, the file's bytes as the body). It goes through
 * XMLHttpRequest, the one browser API that reports how much of a request body has been sent.
 */

/** An upload answers a Media file of type 2 with its three sizes. */
export const WireUploadSchema = WireMediaFileSchema;

export type UploadOptions = {
  onProgress: (sent: number, total: number) => void;
  /** Aborting it aborts the request; the promise then rejects like a request without an answer. */
  signal: AbortSignal;
};

const noAnswer = (): RequestError => ({ status: 0, message: '', fieldErrors: {} });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Answers of the XHR as the API client words them: a RequestError for anything but a 2xx Media file. */
function settle(
  xhr: XMLHttpRequest,
  unauthorized: () => void,
): { file: MediaFile } | { error: RequestError } {
  const answer = parseJson(xhr.responseText);
  const headers = new Headers({ 'retry-after': xhr.getResponseHeader('retry-after') ?? '' });
  if (xhr.status < 200 || xhr.status >= 300) {
    if (xhr.status === 401) unauthorized();
    return { error: requestErrorFromResponse(xhr.status, answer, headers) };
  }
  const envelope = v.safeParse(v.object({ data: WireUploadSchema }), answer);
  return envelope.success
    ? { file: toMediaFile(envelope.output.data) }
    : { error: requestErrorFromResponse(xhr.status, undefined, headers) };
}

export function uploadImage(api: TrackedApiClient, file: Blob, options: UploadOptions): Promise<MediaFile> {
  const { url, headers, unauthorized } = api.prepare('/media/upload', 'POST');
  return new Promise((resolve, reject) => {
    if (options.signal.aborted) return reject(noAnswer());
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    // The browser's type, so the server's first filter (image/*) passes; the server reads the content.
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) =>
      options.onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => {
      const outcome = settle(xhr, unauthorized);
      if ('file' in outcome) resolve(outcome.file);
      else reject(outcome.error);
    };
    xhr.onerror = () => reject(noAnswer());
    xhr.onabort = () => reject(noAnswer());
    options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
