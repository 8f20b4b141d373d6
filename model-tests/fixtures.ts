import type { NetworkReturnedEvent } from '../machines/common/networkReturn';
import type { RequestError } from '../src/domain/requestError';
import { EMPTY_COUNTERS, type User } from '../src/domain/user';

/** Sample data shared by the model tests. */

export const user: User = {
  id: 7,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  avatar: null,
  avatarFileId: null,
  phone: '+15551234567',
  city: 'London',
  gender: 'F',
  birthday: '10.12.1990',
  instagramId: '',
  timezone: 'Europe/London',
  locale: 'en',
  languageCode: 'en',
  disableNotification: false,
  requiredUpdatePassword: false,
  requiredUpdateProfile: false,
  isAdmin: false,
  hasPassword: true,
  status: 10,
  userExternalAuths: [],
  counters: EMPTY_COUNTERS,
};

export const session = { token: 'token-1', user };

export const requestError = (status: number, message = '', fieldErrors: Record<string, string[]> = {}) =>
  ({ status, message, fieldErrors }) satisfies RequestError;

export const networkError = requestError(0);
export const serverError = requestError(500, 'Internal Server Error');
export const unauthorized = requestError(401, 'Unauthorized');

/** Synthetic events of the graph for invoked actors. */
export const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output });
export const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

/** What a load-failed state's `networkReturn` sends when the browser's network comes back. */
export const networkReturned = { type: 'NETWORK.RETURNED' } satisfies NetworkReturnedEvent;
