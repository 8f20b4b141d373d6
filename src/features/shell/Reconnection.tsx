import { useActorRef } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { reconnectionMachine } from '../../../machines/shell/reconnection.machine';
import { useProvided } from '../../app/hooks';
import { recordTransitions } from '../../app/transitionRecorder';
import { reconnection } from './reconnection.provide';

/**
 * Mounted while the app is offline: asks the server again now and then (reconnection.machine.ts).
 */
export function Reconnection() {
  const actor = useActorRef(useProvided(reconnection), { inspect: recordTransitions });
  return <ReconnectionView actor={actor} />;
}

/**
 * Draws nothing in any state: the offline banner (RootFrame) says the app is offline and goes once
 * the server answers, and a wait or a probe is no news worth announcing.
 */
export function ReconnectionView(_: { actor: ActorRefFrom<typeof reconnectionMachine> }) {
  return null;
}
