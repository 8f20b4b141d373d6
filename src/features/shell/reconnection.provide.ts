import { fromPromise } from 'xstate';
import { reconnectionMachine } from '../../../machines/shell/reconnection.machine';
import { fetchCookieSettings } from '../../api/cookie';
import type { AppEffects } from '../../app/effects';

/**
 * The probe is the brand's cookie settings: the smallest read the server answers to anyone, which
 * changes nothing. It goes through the app's API client, which reports the server reached when the
 * answer comes from it rather than from the offline cache.
 */
export const reconnection = (effects: AppEffects) =>
  reconnectionMachine.provide({
    actors: { probe: fromPromise<unknown>(() => fetchCookieSettings(effects.api)) },
  });
