import { fromPromise } from 'xstate';
import { accessRecoveryMachine } from '../../../machines/auth/accessRecovery.machine';
import { requestPasswordReset } from '../../api/passwordReset';
import type { AppEffects } from '../../app/effects';

export const accessRecovery = ({ api }: AppEffects) =>
  accessRecoveryMachine.provide({
    actors: { requestPasswordReset: fromPromise(({ input }) => requestPasswordReset(api, input.email)) },
  });
