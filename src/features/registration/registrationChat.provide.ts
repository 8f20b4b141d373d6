import { fromPromise } from 'xstate';
import { registrationChatMachine } from '../../../machines/account/registrationChat.machine';
import { updatePassword, updateProfile, updateStatus } from '../../api/account';
import { attachAvatar } from '../../api/profile';
import { signupByEmail, validateSignupEmail } from '../../api/signup';
import { socialLinkUrl } from '../../api/social';
import { uploadImage } from '../../api/uploads';
import type { AppEffects } from '../../app/effects';
import { ROUTE_PATHS } from '../../app/routeNames';
import { readToken } from '../../platform/tokenStorage';
import { enablePush } from '../account/notifications/notificationSettings.provide';
import { generatePassword } from './generatedPassword';

/** Where the provider sends the browser back to: the chat, which reads the outcome from the address. */
const chatAddress = () =>
  `${location.origin}${import.meta.env.BASE_URL.replace(/\/$/, '')}${ROUTE_PATHS.registrationChat}`;

export const registrationChat = (effects: AppEffects) =>
  registrationChatMachine.provide({
    actors: {
      validateSignupForm: fromPromise(({ input }) => validateSignupEmail(effects.api, input.email)),
      createAccount: fromPromise(async ({ input }) => {
        const password = generatePassword();
        const session = await signupByEmail(effects.api, { ...input, password, passwordRepeat: password });
        return { ...session, password };
      }),
      saveName: fromPromise(({ input }) => updateProfile(effects.api, { firstName: input.firstName })),
      savePassword: fromPromise(({ input }) =>
        updatePassword(effects.api, { password: input.password, passwordRepeat: input.password }),
      ),
      saveBirthday: fromPromise(({ input }) => updateProfile(effects.api, { birthday: input.birthday })),
      // The actor's signal aborts when the machine leaves `uploading` (a cancel): the request stops.
      uploadImage: fromPromise(({ input, signal }) =>
        uploadImage(effects.api, input.file, { onProgress: input.onProgress, signal }),
      ),
      attachAvatar: fromPromise(({ input }) => attachAvatar(effects.api, input.fileId)),
      enablePush: fromPromise(() => enablePush(effects.api)),
      updateStatus: fromPromise(({ input }) => updateStatus(effects.api, input.status)),
    },
    actions: {
      signIn: effects.signIn,
      updateUser: effects.updateUser,
      goToHome: effects.goToHome,
      openSocialLink: (_, { source }) => {
        const back = chatAddress();
        location.assign(
          socialLinkUrl(source, { token: readToken() ?? '', successUrl: back, cancelUrl: back }),
        );
      },
      clearLinkReturn: () => effects.goTo(ROUTE_PATHS.registrationChat, { replace: true }),
    },
  });
