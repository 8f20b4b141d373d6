/**
 * Changing the profile photo (shell spec section 3 "User": avatar, avatar_file_id; section 7
 * POST /user/avatar): the learner picks an image, it is uploaded with its progress shown (and may be
 * cancelled), then attached to the profile; the header shows it at once. A file that is too large
 * or not an image is refused before anything is sent, and a failure at any step changes nothing:
 * the old photo stays.
 */
import { assign, fromPromise, setup } from 'xstate';
import { isImageType, MAX_AVATAR_BYTES } from '../../src/domain/avatar';
import type { MediaFile } from '../../src/domain/learning/course';
import { refusalWords } from '../../src/domain/refusalWords';
import { toRequestError } from '../../src/domain/requestError';
import type { User } from '../../src/domain/user';
import { unprovided } from '../common/unprovided';

/** Why the last attempt did not change the photo; `server` carries the server's own words. */
export type AvatarError =
  | { code: 'tooLarge' }
  | { code: 'notImage' }
  | { code: 'server'; message: string }
  | { code: 'generic' };

export type AvatarUploadInput = { file: File; onProgress: (sent: number, total: number) => void };

export type ProfileAvatarContext = {
  file: File | null;
  /** The upload's id once the server has it, what POST /user/avatar attaches. */
  uploadId: number | null;
  sent: number;
  total: number;
  error: AvatarError | null;
  /** The last attempt changed the photo. */
  changed: boolean;
};

export type ProfileAvatarEvent =
  | { type: 'AVATAR.PICK'; file: File }
  | { type: 'AVATAR.CANCEL' }
  | { type: 'UPLOAD.PROGRESS'; sent: number; total: number };

/**
 * A 4xx with words (413, 415, 422) is shown as the server wrote them, already translated: a 422's
 * field error (an empty file, too many megapixels) rather than its summary of the form.
 */
function failure(error: unknown): AvatarError {
  const refusal = toRequestError(error);
  const words = refusalWords(refusal);
  return refusal.status >= 400 && refusal.status < 500 && words.length > 0
    ? { code: 'server', message: words.join(' ') }
    : { code: 'generic' };
}

const picked = (file: File) => ({
  file,
  uploadId: null,
  sent: 0,
  total: file.size,
  error: null,
  changed: false,
});

export const profileAvatarMachine = setup({
  types: {
    context: {} as ProfileAvatarContext,
    events: {} as ProfileAvatarEvent,
  },
  actors: {
    uploadImage: fromPromise<MediaFile, AvatarUploadInput>(unprovided),
    attachAvatar: fromPromise<User, { fileId: number }>(unprovided),
  },
  actions: {
    updateUser: (_, _params: { user: User }) => {},
  },
  guards: {
    isTooLarge: (_, params: { file: File }) => params.file.size > MAX_AVATAR_BYTES,
    isNotImage: (_, params: { file: File }) => !isImageType(params.file.type),
  },
}).createMachine({
  id: 'profileAvatar',
  context: { file: null, uploadId: null, sent: 0, total: 0, error: null, changed: false },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'AVATAR.PICK': [
          {
            guard: { type: 'isNotImage', params: ({ event }) => ({ file: event.file }) },
            actions: assign({ error: { code: 'notImage' }, changed: false }),
          },
          {
            guard: { type: 'isTooLarge', params: ({ event }) => ({ file: event.file }) },
            actions: assign({ error: { code: 'tooLarge' }, changed: false }),
          },
          { target: 'uploading', actions: assign(({ event }) => picked(event.file)) },
        ],
      },
    },
    uploading: {
      invoke: {
        id: 'uploadImage',
        src: 'uploadImage',
        input: ({ context, self }) => ({
          // Only entered from a pick, which sets the file.
          file: context.file as File,
          onProgress: (sent: number, total: number) => self.send({ type: 'UPLOAD.PROGRESS', sent, total }),
        }),
        onDone: {
          target: 'attaching',
          actions: assign({ sent: ({ context }) => context.total, uploadId: ({ event }) => event.output.id }),
        },
        onError: {
          target: 'idle',
          actions: assign(({ event }) => ({ file: null, error: failure(event.error) })),
        },
      },
      on: {
        'UPLOAD.PROGRESS': { actions: assign(({ event }) => ({ sent: event.sent, total: event.total })) },
        // Leaving the state stops the upload actor, whose signal aborts the request.
        'AVATAR.CANCEL': { target: 'idle', actions: assign({ file: null, sent: 0, total: 0 }) },
      },
    },
    attaching: {
      invoke: {
        id: 'attachAvatar',
        src: 'attachAvatar',
        // Only entered once the upload answered with its id.
        input: ({ context }) => ({ fileId: context.uploadId as number }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'updateUser', params: ({ event }) => ({ user: event.output }) },
            assign({ file: null, changed: true }),
          ],
        },
        onError: {
          target: 'idle',
          actions: assign(({ event }) => ({ file: null, error: failure(event.error) })),
        },
      },
    },
  },
});
