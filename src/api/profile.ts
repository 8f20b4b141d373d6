import type { User, UserCounters } from '../domain/user';
import type { ApiClient } from './client';
import { toUser, WireUserSchema } from './user';

/** The profile page's own calls: the counters and the photo (the form saves through account.ts). */

/** GET /user?expand=statistics: the learner's counters, each 0 when the server has none. */
export async function fetchCounters(api: ApiClient): Promise<UserCounters> {
  const { data } = await api.request(WireUserSchema, '/user', { query: { expand: 'statistics' } });
  return toUser(data).counters;
}

/** POST /user/avatar: one of the learner's uploads becomes the profile photo; `null` removes it. */
export async function attachAvatar(api: ApiClient, fileId: number | null): Promise<User> {
  const { data } = await api.request(WireUserSchema, '/user/avatar', {
    method: 'POST',
    body: { avatar_file_id: fileId },
  });
  return toUser(data);
}
