import { fetchStreamStatuses } from '../../../api/streams';
import type { AppEffects } from '../../../app/effects';
import type { StreamStatuses } from '../../../domain/learning/stream';
import { readStreamStatuses } from './pageReadAhead.provide';

/**
 * A stream's statuses through the app's 5-minute cache (effects.statuses): the calendar reads them,
 * the day page refetches them after a day is started or finished, so both show the same.
 */
export const readStatuses = (effects: AppEffects, streamId: number): Promise<StreamStatuses> =>
  effects.statuses.read(streamId, () => readStreamStatuses(effects, streamId));

export const refetchStatuses = (effects: AppEffects, streamId: number): Promise<StreamStatuses> =>
  effects.statuses.refetch(streamId, () => fetchStreamStatuses(effects.api, streamId));
