import { fireEvent, screen } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import { type AvatarError, profileAvatarMachine } from '../../machines/account/profileAvatar.machine';
import { MAX_AVATAR_BYTES } from '../../src/domain/avatar';
import { ProfileAvatarView } from '../../src/features/account/profile/ProfileAvatar';
import { done, failed, networkError, requestError, session, user } from '../fixtures';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { notice } from '../screenQueries';
import { click, type UserAction } from '../userActions';

const photo = new File([new Uint8Array(2048)], 'me.png', { type: 'image/png' });
const notes = new File(['not a picture'], 'notes.txt', { type: 'text/plain' });
/** A real 11 MB buffer is not needed to test the limit: the picker reads `size`. */
const huge = new File([new Uint8Array(16)], 'huge.jpg', { type: 'image/jpeg' });
Object.defineProperty(huge, 'size', { value: MAX_AVATAR_BYTES + 1 });

const uploaded = {
  id: 31,
  type: 'image' as const,
  name: '512.webp',
  url: '/media/uploads/31/512.webp',
  mimeType: 'image/webp',
  sizeBytes: 2048,
  urls: {
    small: '/media/uploads/31/64.webp',
    medium: '/media/uploads/31/256.webp',
    large: '/media/uploads/31/512.webp',
  },
};
const withPhoto = { ...user, avatar: uploaded.urls.medium, avatarFileId: uploaded.id };
const unsupported = requestError(
  415,
  'This file is not an image we can use: send a JPEG, PNG, WebP, GIF or AVIF picture.',
);
/** A 0-byte file: the 422's message only sums the form up, its field error says why. */
const emptyFile = requestError(422, 'Please check the highlighted fields.', { body: ['The file is empty.'] });

/** What the notice says for each error: the server's own words as the machine picked them. */
function errorText(error: AvatarError): string {
  switch (error.code) {
    case 'tooLarge':
      return 'This image is too large: choose one of 10 MB at most.';
    case 'notImage':
      return 'This file is not a picture: choose a JPEG, PNG, WebP, GIF or AVIF image.';
    case 'server':
      return error.message;
    case 'generic':
      return 'The photo could not be uploaded. Check your connection and try again.';
  }
}

/** The view as the screen renders it; the replay's actor is kept to deliver what the network reports. */
let current: AnyActorRef | null = null;
function CapturingView({ actor }: { actor: AnyActorRef }) {
  current = actor;
  return createElement(ProfileAvatarView, { actor });
}

const pickControl = () => screen.getByLabelText(/Add a photo|Change photo/) as HTMLInputElement;

/** The user chooses a file in the picker (a change event: the browser's own dialog is not in the page). */
const pick: UserAction = {
  words: (event) => `the user picks “${(event.file as File).name}”`,
  control: pickControl,
  perform: async (_, event) => {
    fireEvent.change(pickControl(), { target: { files: [event.file] } });
  },
};

/** Not the user: the browser reports how much of the body has gone out. */
const progress: UserAction = {
  words: (event) => `the browser reports ${event.sent} of ${event.total} bytes sent`,
  perform: async (_, event) => {
    current?.send(event);
  },
};

const spec = {
  machine: profileAvatarMachine,
  spec: 'Shell spec §3 User avatar and avatar_file_id, §7 POST /user/avatar: an image of at most 10 MB, uploaded with progress, cancellable; a failure changes nothing',
  screen: {
    view: CapturingView,
    setting: { path: '/user/edit', session },
    actions: { 'AVATAR.PICK': pick, 'AVATAR.CANCEL': click('Cancel upload'), 'UPLOAD.PROGRESS': progress },
    sees: [
      {
        state: 'idle',
        see: (snapshot: AnyMachineSnapshot) => {
          expect(pickControl().getAttribute('type')).toBe('file');
          const { error, changed } = snapshot.context as { error: AvatarError | null; changed: boolean };
          expect(notice()).toBe(error ? errorText(error) : changed ? 'Your photo has been updated.' : '');
        },
      },
      {
        state: 'uploading',
        see: (snapshot: AnyMachineSnapshot) => {
          const { sent, total } = snapshot.context as { sent: number; total: number };
          const percent = Math.floor((sent / total) * 100);
          const bar = screen.getByLabelText(`Uploading photo… ${percent}%`);
          expect(bar.getAttribute('value')).toBe(String(percent));
          expect(screen.getByRole('button', { name: 'Cancel upload' })).toBeTruthy();
          expect(screen.queryByLabelText(/Add a photo|Change photo/)).toBeNull();
        },
      },
      {
        state: 'attaching',
        see: () => {
          expect(screen.getByRole('status').textContent).toBe('Saving your photo…');
          expect(screen.queryByRole('button', { name: 'Cancel upload' })).toBeNull();
        },
      },
    ],
  },
  events: [
    { type: 'AVATAR.PICK', file: photo },
    { type: 'AVATAR.PICK', file: notes },
    { type: 'AVATAR.PICK', file: huge },
    { type: 'AVATAR.CANCEL' },
    { type: 'UPLOAD.PROGRESS', sent: 1024, total: 2048 },
    done('uploadImage', uploaded),
    failed('uploadImage', unsupported),
    failed('uploadImage', emptyFile),
    failed('uploadImage', networkError),
    done('attachAvatar', withPhoto),
    failed('attachAvatar', networkError),
  ],
};

describeModel(spec);

describe('profileAvatar', () => {
  it('refuses a file that is not an image or too large without sending anything', async () => {
    const running = startMachine(spec);
    await running.dispatch({ type: 'AVATAR.PICK', file: notes });
    expect(running.snapshot().context.error).toEqual({ code: 'notImage' });
    await running.dispatch({ type: 'AVATAR.PICK', file: huge });
    expect(running.snapshot().context.error).toEqual({ code: 'tooLarge' });
    expect(running.fakes.started).toEqual([]);
  });

  it('uploads, reports progress, attaches the upload and updates the session user', async () => {
    const running = startMachine(spec);
    await running.dispatch({ type: 'AVATAR.PICK', file: photo });
    expect((running.fakes.inputOf('uploadImage') as { file: File }).file).toBe(photo);
    await running.dispatch({ type: 'UPLOAD.PROGRESS', sent: 1024, total: 2048 });
    expect(running.snapshot().context).toMatchObject({ sent: 1024, total: 2048 });
    await running.dispatch(done('uploadImage', uploaded));
    expect(running.fakes.inputOf('attachAvatar')).toEqual({ fileId: 31 });
    await running.dispatch(done('attachAvatar', withPhoto));
    expect(running.effects).toEqual([{ name: 'updateUser', params: { user: withPhoto } }]);
    expect(running.snapshot().context).toMatchObject({ changed: true, error: null, file: null });
  });

  it('changes nothing on a cancel or a failure: the session user is left alone', async () => {
    const running = startMachine(spec);
    await running.dispatch({ type: 'AVATAR.PICK', file: photo });
    await running.dispatch({ type: 'AVATAR.CANCEL' });
    expect(running.snapshot().value).toBe('idle');
    await running.dispatch({ type: 'AVATAR.PICK', file: photo });
    await running.dispatch(failed('uploadImage', unsupported));
    expect(running.snapshot().context.error).toEqual({ code: 'server', message: unsupported.message });
    await running.dispatch({ type: 'AVATAR.PICK', file: photo });
    await running.dispatch(done('uploadImage', uploaded));
    await running.dispatch(failed('attachAvatar', networkError));
    expect(running.snapshot().context.error).toEqual({ code: 'generic' });
    expect(running.effects).toEqual([]);
  });

  it("shows why the server refused the file (its errors.body), not the 422's summary", async () => {
    const running = startMachine(spec);
    await running.dispatch({ type: 'AVATAR.PICK', file: photo });
    await running.dispatch(failed('uploadImage', emptyFile));
    expect(running.snapshot().context.error).toEqual({ code: 'server', message: 'The file is empty.' });
  });
});
