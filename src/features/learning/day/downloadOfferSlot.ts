import { type ComponentType, createContext, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { downloadOfferMachine } from '../../../../machines/offline/downloadOffer.machine';
import type { CourseStream } from '../../../domain/learning/stream';

export type DownloadOfferActor = ActorRefFrom<typeof downloadOfferMachine>;

/**
 * Whether the day's stream offers downloads: the offer host below starts the offer machine and puts
 * it here; the lessons' download controls and the whole-day button read it. Without it there are no
 * download controls.
 */
export const DownloadOfferSlot = createContext<DownloadOfferActor | null>(null);

export type DownloadOfferHostProps = { stream: CourseStream; children: ReactNode };

/**
 * The component that starts a ready day's download offer, with the stream the day was read with,
 * around the day's lessons. The day screen puts it here (it needs the app's effects); the day view
 * alone shows lessons without downloads.
 */
export const DownloadOfferHostSlot = createContext<ComponentType<DownloadOfferHostProps> | null>(null);
