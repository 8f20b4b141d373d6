import { fetchStreamStatuses } from '../../../api/streams';
import type { AppEffects } from '../../../app/effects';
import { createStatusesStore } from '../../../app/statusesStore';
import type { StreamStatuses } from '../../../domain/learning/stream';
import { readStreamStatuses } from './pageReadAhead.provide';

/** The app's stream statuses, cached 5 minutes and shared by the calendar and the day page. */
const streamStatuses = () => createStatusesStore<StreamStatuses>();

/**
 * A stream's statuses through the app's 5-minute cache: the calendar reads them, the day page
 * refetches them after a day is started or finished, so both show the same.
 */
export const readStatuses = (effects: AppEffects, streamId: number): Promise<StreamStatuses> =>
  effects.store(streamStatuses).read(streamId, () => readStreamStatuses(effects, streamId));

export const refetchStatuses = (effects: AppEffects, streamId: number): Promise<StreamStatuses> =>
  effects.store(streamStatuses).refetch(streamId, () => fetchStreamStatuses(effects.api, streamId));
