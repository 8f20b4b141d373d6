import * as v from 'valibot';
import { type RemoteConfig, RemoteConfigSchema } from '../../brands/schema';
import type { ApiClient } from './client';

export const WireConfigSchema = v.object({ config: RemoteConfigSchema });

/** GET /external-application-config: the brand's run-time flags and numbers. */
export async function fetchRemoteConfig(api: ApiClient): Promise<RemoteConfig> {
  const { data } = await api.request(WireConfigSchema, '/external-application-config');
  return data.config;
}
