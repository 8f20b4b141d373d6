import { fromPromise } from 'xstate';
import { accessRecoveryMachine } from '../../../machines/auth/accessRecovery.machine';
import { requestPasswordReset } from '../../api/auth';

export const accessRecovery = accessRecoveryMachine.provide({
  actors: { requestPasswordReset: fromPromise(({ input }) => requestPasswordReset(input.email)) },
});
