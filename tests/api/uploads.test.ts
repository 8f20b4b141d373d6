import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { uploads, users } from '../../server/db/schema';
import { SESSION_COOKIE } from '../../server/http/auth';
import { MAX_IMAGE_BYTES } from '../../server/modules/uploads/limits';
import { deleteUploadsOfDeletedAccounts } from '../../server/modules/uploads/queries';
import { ABANDONED_UPLOAD_MS, UPLOADS_FOLDER } from '../../server/modules/uploads/store';
import { WireUploadSchema } from '../../src/api/uploads';
import { WireUserSchema } from '../../src/api/user';
import { expectWire } from './contract';
import { serverForFile, startTestServer } from './harness';

const { server, api } = serverForFile();

/** A real picture of `width` × `height` in `format`, made the way a camera or editor would save one. */
const picture = (format: 'png' | 'jpeg' | 'webp' | 'gif', width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();

async function upload(
  token: string | undefined,
  body: BodyInit,
  type = 'image/png',
  path = '/media/upload',
  lang = 'ru',
) {
  // An empty type sends no Content-Type at all.
  const headers: Record<string, string> = type
    ? { 'Content-Type': type, 'X-App-Id': 'web' }
    : { 'X-App-Id': 'web' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${server.api}${path}?lang=${lang}`, { method: 'POST', headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // A refusal without JSON fails the assertions below with the text visible.
  }
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field.
  return { status: response.status, body: parsed as any };
}

/** What an upload leaves on disk: the stored folders and anything still being received. */
async function storedFolders(): Promise<string[]> {
  try {
    const root = join(server.mediaDir, UPLOADS_FOLDER);
    const entries = await readdir(root, { withFileTypes: true });
    const incoming = entries.some((entry) => entry.name === '.incoming')
      ? (await readdir(join(root, '.incoming'))).map((name) => `.incoming/${name}`)
      : [];
    return [...entries.filter((entry) => entry.name !== '.incoming').map((entry) => entry.name), ...incoming];
  } catch {
    return [];
  }
}

const uploadCount = async () => (await server.db.select().from(uploads)).length;
const uploadsOf = (userId: number) => server.db.select().from(uploads).where(eq(uploads.userId, userId));

/** An upload's image as `token`'s user asks for it, the way the app's image element does (the cookie). */
const fetchImage = (url: string, token: string) =>
  fetch(`${server.url}${url}`, { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });

/** Waits for `condition`, checking every 20 ms for at most 5 s. */
async function until(condition: () => Promise<boolean>) {
  for (let waited = 0; !(await condition()); waited += 20) {
    if (waited > 5000) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('POST /media/upload', () => {
  it('stores a picture as 64, 256 and 512 px WebP squares and answers its Media file', async () => {
    const { token } = await api.signUp('photographer');
    for (const format of ['png', 'jpeg', 'webp', 'gif'] as const) {
      const result = await upload(token, await picture(format), `image/${format}`);
      expect(result.status, format).toBe(201);
      const file = expectWire(WireUploadSchema, result.body);
      expect(file).toMatchObject({ type: 2, mime_type: 'image/webp', url: file.urls?.large });
      for (const [variant, side] of [
        ['small', 64],
        ['medium', 256],
        ['large', 512],
      ] as const) {
        const url = file.urls?.[variant] ?? '';
        const served = await fetch(`${server.url}${url}`, { headers: { Authorization: `Bearer ${token}` } });
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toBe('image/webp');
        const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['webp', side, side]);
      }
    }
  });

  it('gives size_bytes of the 512 px WebP at url, not of the image sent', async () => {
    const { token } = await api.signUp('size-reader');
    const sent = await picture('png', 1600, 1200);
    const file = expectWire(WireUploadSchema, (await upload(token, sent)).body);
    const served = await fetchImage(file.url, token);
    expect(served.status).toBe(200);
    const bytes = (await served.arrayBuffer()).byteLength;
    expect(file.size_bytes).toBe(bytes);
    expect(bytes).not.toBe(sent.byteLength);
  });

  it('answers the same under /spa/v2', async () => {
    const { token } = await api.signUp('second-base');
    const response = await fetch(`${server.url}/spa/v2/media/upload`, {
      method: 'POST',
      headers: { 'Content-Type': 'image/png', Authorization: `Bearer ${token}`, 'X-App-Id': 'web' },
      body: await picture('png', 100, 100),
    });
    expect(response.status).toBe(201);
  });

  it('takes a picture sent as generic bytes or with no type, as a file picker without a type sends it', async () => {
    const { token } = await api.signUp('untyped');
    for (const type of ['application/octet-stream', 'Application/Octet-Stream; name=photo', '']) {
      const stored = await upload(token, await picture('png'), type);
      expect(stored.status, type).toBe(201);
      expectWire(WireUploadSchema, stored.body);
    }
    // Bytes that are no picture are still refused whatever they were sent as.
    const text = new TextEncoder().encode('this is not a picture at all');
    expect((await upload(token, text, 'application/octet-stream')).status).toBe(415);
    expect((await upload(token, text, '')).status).toBe(415);
  });

  it('a client that leaves mid-upload is no server error, and nothing of the upload stays', async () => {
    const { token } = await api.signUp('leaver');
    const before = await uploadCount();
    const folders = await storedFolders();
    const { hostname, port } = new URL(server.url);
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(
          `POST /spa/api/v1/media/upload HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
            `Authorization: Bearer ${token}\r\nContent-Type: image/png\r\nX-App-Id: web\r\n` +
            `Content-Length: ${5 * 1024 * 1024}\r\n\r\n`,
        );
        // A fifth of what it announced, then the connection is gone.
        socket.write(Buffer.alloc(1024 * 1024, 7), () => socket.destroy());
      });
      socket.on('close', () => resolve());
    });
    await vi.waitFor(() =>
      expect(server.notes).toContain(
        'POST /spa/api/v1/media/upload: the client left before its body arrived',
      ),
    );
    expect(server.errors).toEqual([]);
    expect(await uploadCount()).toBe(before);
    expect(await storedFolders()).toEqual(folders);
  });

  it('reads the content, not the name or the header: text sent as a .png is a 415 and stores nothing', async () => {
    const { token } = await api.signUp('pretender');
    const before = await uploadCount();
    const folders = await storedFolders();
    const text = new File(['this is not a picture at all'], 'photo.png', { type: 'image/png' });
    const refused = await upload(token, text, 'image/png');
    expect(refused.status).toBe(415);
    expect(refused.body).toEqual({
      success: false,
      message: 'Этот файл не подходит: отправьте изображение JPEG, PNG, WebP, GIF или AVIF.',
    });
    // An SVG is an image to the browser but a document to us: refused too.
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>';
    expect((await upload(token, svg, 'image/svg+xml')).status).toBe(415);
    // Not claiming to be an image at all is refused before a byte is read.
    expect((await upload(token, await picture('png'), 'application/json')).status).toBe(415);
    // A real header with its pixels cut off.
    const cut = (await picture('png', 600, 600)).subarray(0, 200);
    expect((await upload(token, cut, 'image/png')).status).toBe(415);
    // A compressed body is not read as an image at all: the answer says to send it uncompressed.
    const gzipped = await fetch(`${server.api}/media/upload?lang=es`, {
      method: 'POST',
      headers: {
        'Content-Type': 'image/png',
        'Content-Encoding': 'gzip',
        'X-App-Id': 'web',
        Authorization: `Bearer ${token}`,
      },
      body: gzipSync(await picture('png')),
    });
    expect(gzipped.status).toBe(415);
    expect(await gzipped.json()).toEqual({
      success: false,
      message: 'Envía el cuerpo de la solicitud sin comprimir, sin Content-Encoding.',
    });
    expect(await uploadCount()).toBe(before);
    expect(await storedFolders()).toEqual(folders);
  });

  it('refuses a photo of more than 50 megapixels with a 422 saying so, in each language, and stores nothing', async () => {
    const { token } = await api.signUp('panorama-sender');
    const before = await uploadCount();
    const folders = await storedFolders();
    // 8200 × 6200 = 50.84 megapixels in under a megabyte: far from the byte limit.
    const panorama = await picture('png', 8200, 6200);
    for (const [lang, message] of [
      ['en', 'The photo is too large: at most 50 megapixels.'],
      ['ru', 'Фото слишком большое: не больше 50 мегапикселей.'],
      ['es', 'La foto es demasiado grande: 50 megapíxeles como máximo.'],
    ] as const) {
      const refused = await upload(token, panorama, 'image/png', '/media/upload', lang);
      expect(refused.status, lang).toBe(422);
      expect(refused.body, lang).toEqual({ success: false, message, errors: { body: [message] } });
    }
    expect(await uploadCount()).toBe(before);
    expect(await storedFolders()).toEqual(folders);
    // Just within the limit is a photo like any other.
    expect((await upload(token, await picture('jpeg', 8000, 6250), 'image/jpeg')).status).toBe(201);
  });

  it('refuses an empty body with a 422', async () => {
    const { token } = await api.signUp('empty-sender');
    const empty = await upload(token, new Uint8Array(0));
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ body: ['Файл пустой.'] });
  });

  it('refuses 11 MB with a 413 in the user’s language and stores nothing', async () => {
    const { token } = await api.signUp('heavy-sender');
    const before = await uploadCount();
    const folders = await storedFolders();
    const tooLarge = await upload(token, new Uint8Array(11 * 1024 * 1024), 'image/png');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe('Изображение слишком большое: не больше 10 МБ.');
    expect(await uploadCount()).toBe(before);
    expect(await storedFolders()).toEqual(folders);
  });

  it('counts a body sent without a length and stops it past 10 MB', async () => {
    const { token } = await api.signUp('streamer');
    const before = await uploadCount();
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_IMAGE_BYTES + chunk.length) controller.close();
        else {
          sent += chunk.length;
          controller.enqueue(chunk);
        }
      },
    });
    const response = await fetch(`${server.api}/media/upload`, {
      method: 'POST',
      headers: { 'Content-Type': 'image/png', Authorization: `Bearer ${token}`, 'X-App-Id': 'web' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await uploadCount()).toBe(before);
    expect((await storedFolders()).filter((name) => name.startsWith('.incoming/'))).toEqual([]);
  });

  it('needs a session, for the upload and for its images', async () => {
    expect((await upload(undefined, await picture('png'))).status).toBe(401);
    const { token } = await api.signUp('private-photo');
    const file = expectWire(WireUploadSchema, (await upload(token, await picture('png'))).body);
    expect((await fetch(`${server.url}${file.url}`)).status).toBe(401);
    const badName = file.url.replace(/512\.webp$/, '../512.webp');
    expect(
      (await fetch(`${server.url}${badName}`, { headers: { Authorization: `Bearer ${token}` } })).status,
    ).toBe(404);
    const missing = await fetch(`${server.url}/media/uploads/999999/64.webp`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(missing.status).toBe(404);
  });
});

describe('GET /media/uploads/{id}/{size}.webp', () => {
  it("serves the images to their owner only; another user's request answers the 404 of a missing id", async () => {
    const owner = await api.signUp('photo-owner');
    const other = await api.signUp('photo-viewer');
    const file = expectWire(WireUploadSchema, (await upload(owner.token, await picture('png'))).body);
    for (const url of Object.values(file.urls ?? {})) {
      expect((await fetchImage(url, owner.token)).status, url).toBe(200);
      const theirs = await fetchImage(url, other.token);
      const missing = await fetchImage(url.replace(`/${file.id}/`, '/2147483647/'), other.token);
      expect(theirs.status, url).toBe(404);
      expect([theirs.headers.get('content-type'), await theirs.text()], url).toEqual([
        missing.headers.get('content-type'),
        await missing.text(),
      ]);
    }
  });

  it('answers 405 with the methods it takes to any other method', async () => {
    const owner = await api.signUp('photo-keeper');
    const file = expectWire(WireUploadSchema, (await upload(owner.token, await picture('png'))).body);
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const answer = await fetch(`${server.url}${file.urls?.small}`, {
        method,
        headers: { Cookie: `${SESSION_COOKIE}=${owner.token}` },
      });
      expect([answer.status, answer.headers.get('allow')], method).toEqual([405, 'GET, HEAD']);
    }
    expect((await fetchImage(file.urls?.small ?? '', owner.token)).status).toBe(200);
  });
});

describe('DELETE /user', () => {
  it("deletes the account's uploads, their rows and folders, and keeps everyone else's", async () => {
    const leaver = await api.signUp('leaving-photographer');
    const stayer = await api.signUp('staying-photographer');
    const kept = expectWire(WireUploadSchema, (await upload(stayer.token, await picture('png'))).body);
    const first = expectWire(WireUploadSchema, (await upload(leaver.token, await picture('png'))).body);
    await upload(leaver.token, await picture('jpeg'), 'image/jpeg');
    expect(
      (await api.post('/user/avatar', { avatar_file_id: first.id }, { token: leaver.token })).status,
    ).toBe(200);
    const leaversFolders = (await uploadsOf(leaver.id)).map((row) => row.storagePath.split('/').pop());
    expect(leaversFolders).toHaveLength(2);
    const folders = await storedFolders();

    expect((await api.delete('/user', { token: leaver.token })).status).toBe(200);
    expect(await uploadsOf(leaver.id)).toEqual([]);
    expect(await storedFolders()).toEqual(folders.filter((name) => !leaversFolders.includes(name)));
    const [account] = await server.db.select().from(users).where(eq(users.id, leaver.id));
    expect(account).toMatchObject({ status: 0, avatar: null, avatarFileId: null });
    expect(await uploadsOf(stayer.id)).toHaveLength(1);
    expect((await fetchImage(kept.url, stayer.token)).status).toBe(200);
  });

  it('keeps nothing of an upload still arriving when the account is deleted', async () => {
    const { id, token } = await api.signUp('leaving-mid-upload');
    const image = await picture('png');
    const folders = await storedFolders();
    let sendTheRest = () => {};
    const theRest = new Promise<void>((resolve) => {
      sendTheRest = resolve;
    });
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        pulls += 1;
        if (pulls === 1) return controller.enqueue(image.subarray(0, 64));
        await theRest;
        controller.enqueue(image.subarray(64));
        controller.close();
      },
    });
    const answer = fetch(`${server.api}/media/upload?lang=ru`, {
      method: 'POST',
      headers: { 'Content-Type': 'image/png', Authorization: `Bearer ${token}`, 'X-App-Id': 'web' },
      body,
      duplex: 'half',
    } as RequestInit);
    // The image is arriving once its temporary file exists: the session was accepted.
    await until(async () => (await storedFolders()).some((name) => !folders.includes(name)));

    expect((await api.delete('/user', { token })).status).toBe(200);
    sendTheRest();
    const refused = await answer;
    expect(refused.status).toBe(401);
    expect((await refused.json()).message).toBe('Сеанс завершён. Войдите снова.');
    expect(await uploadsOf(id)).toEqual([]);
    expect(await storedFolders()).toEqual(folders);
  });
});

describe('uploads of accounts deleted before deletion took them along', () => {
  it("are deleted at start, rows and folders, and no one else's", async () => {
    const stayer = await api.signUp('photographer-who-stays');
    const leftBehind = await api.signUp('photographer-deleted-long-ago');
    expect((await upload(stayer.token, await picture('png'))).status).toBe(201);
    expect((await upload(leftBehind.token, await picture('jpeg'), 'image/jpeg')).status).toBe(201);
    const leftFolders = (await uploadsOf(leftBehind.id)).map((row) => row.storagePath.split('/').pop());
    const folders = await storedFolders();
    // How an account deleted before its uploads went with it looks: the status only.
    await server.db.update(users).set({ status: 0 }).where(eq(users.id, leftBehind.id));

    expect(await deleteUploadsOfDeletedAccounts(server.db, server.mediaDir)).toBe(1);
    expect(await uploadsOf(leftBehind.id)).toEqual([]);
    expect(await storedFolders()).toEqual(folders.filter((name) => !leftFolders.includes(name)));
    expect(await uploadsOf(stayer.id)).toHaveLength(1);
    expect(await deleteUploadsOfDeletedAccounts(server.db, server.mediaDir)).toBe(0);
  });
});

describe('what uploads cut off by a crash left', () => {
  it('is removed at start, while a file written lately (an upload under way) stays', async () => {
    const mediaDir = await mkdtemp(join(tmpdir(), 'crashed-media-'));
    const incoming = join(mediaDir, UPLOADS_FOLDER, '.incoming');
    await mkdir(join(incoming, 'cut-while-resizing'), { recursive: true });
    await writeFile(join(incoming, 'cut-while-resizing', '64.webp'), 'half a picture');
    await writeFile(join(incoming, 'cut-while-arriving.upload'), 'half a body');
    await writeFile(join(incoming, 'arriving-now.upload'), 'a body still coming');
    const before = new Date(Date.now() - ABANDONED_UPLOAD_MS - 60_000);
    for (const name of ['cut-while-resizing', 'cut-while-arriving.upload'])
      await utimes(join(incoming, name), before, before);
    const restarted = await startTestServer({ mediaDir });
    try {
      expect(await readdir(incoming)).toEqual(['arriving-now.upload']);
    } finally {
      await restarted.close();
      await rm(mediaDir, { recursive: true, force: true });
    }
  });
});

describe('POST /user/avatar', () => {
  it("sets the photo to the user's own upload, and null removes it", async () => {
    const { id, token } = await api.signUp('avatar-owner');
    const file = expectWire(
      WireUploadSchema,
      (await upload(token, await picture('jpeg'), 'image/jpeg')).body,
    );
    const set = await api.post('/user/avatar', { avatar_file_id: file.id }, { token });
    expect(set.status).toBe(200);
    const user = expectWire(WireUserSchema, set.body);
    expect(user).toMatchObject({ avatar_file_id: file.id, avatar: file.urls?.medium });
    expect((await api.get('/user', { token })).body.data.avatar).toBe(file.urls?.medium);
    const removed = await api.post('/user/avatar', { avatar_file_id: null }, { token });
    expect(removed.body.data).toMatchObject({ avatar: null, avatar_file_id: null });
    const [row] = await server.db.select().from(users).where(eq(users.id, id));
    expect(row?.avatar).toBeNull();
  });

  it("refuses another user's upload like a missing one, and bad ids, changing nothing", async () => {
    const owner = await api.signUp('upload-owner');
    const other = await api.signUp('upload-borrower');
    const file = expectWire(WireUploadSchema, (await upload(owner.token, await picture('png'))).body);
    const [before] = await server.db.select().from(users).where(eq(users.id, other.id));
    for (const [value, message] of [
      [file.id, 'Эта фотография не найдена среди ваших загрузок. Загрузите её ещё раз.'],
      [999_999, 'Эта фотография не найдена среди ваших загрузок. Загрузите её ещё раз.'],
      ['12', 'Должно быть целым числом.'],
      [0, 'Должно быть не меньше 1.'],
    ] as const) {
      const refused = await api.post(
        '/user/avatar?lang=ru',
        { avatar_file_id: value },
        { token: other.token },
      );
      expect(refused.status, String(value)).toBe(422);
      expect(refused.body.errors.avatar_file_id, String(value)).toEqual([message]);
    }
    expect((await api.post('/user/avatar', {}, { token: other.token })).status).toBe(422);
    const [after] = await server.db.select().from(users).where(eq(users.id, other.id));
    expect(after).toEqual(before);
    expect((await api.post('/user/avatar', { avatar_file_id: file.id })).status).toBe(401);
  });
});

describe('POST /user with disable_notification', () => {
  it('saves the flag with the profile and refuses anything but 0 or 1', async () => {
    const { token } = await api.signUp('quiet-learner');
    const off = await api.post('/user', { disable_notification: 1, city: 'Oslo' }, { token });
    expect(off.body.data).toMatchObject({ disable_notification: 1, city: 'Oslo' });
    const bad = await api.post('/user?lang=ru', { disable_notification: 'yes' }, { token });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.disable_notification).toEqual(['Должно быть 0 или 1.']);
  });

  it('stores the phone without separators, the + kept only when given', async () => {
    const { token } = await api.signUp('phone-normalizer');
    const saved = await api.post('/user', { phone: '+7 (912) 345-67-89' }, { token });
    expect(saved.body.data.phone).toBe('+79123456789');
    const national = await api.post('/user', { phone: '8 912 345 67 89' }, { token });
    expect(national.body.data.phone).toBe('89123456789');
  });
});
