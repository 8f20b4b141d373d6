import { fromPromise } from 'xstate';
import { profileAvatarMachine } from '../../../../machines/account/profileAvatar.machine';
import { attachAvatar } from '../../../api/profile';
import { uploadImage } from '../../../api/uploads';
import type { AppEffects } from '../../../app/effects';

export const profileAvatar = (effects: AppEffects) =>
  profileAvatarMachine.provide({
    actors: {
      // The actor's signal aborts when the machine leaves `uploading` (a cancel): the request stops.
      uploadImage: fromPromise(({ input, signal }) =>
        uploadImage(effects.api, input.file, { onProgress: input.onProgress, signal }),
      ),
      attachAvatar: fromPromise(({ input }) => attachAvatar(effects.api, input.fileId)),
    },
    // The session's user is the header's: the new photo shows there without a reload.
    actions: { updateUser: effects.updateUser },
  });
