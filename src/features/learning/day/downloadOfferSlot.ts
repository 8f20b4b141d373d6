import { createContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { downloadOfferMachine } from '../../../../machines/offline/downloadOffer.machine';

export type DownloadOfferActor = ActorRefFrom<typeof downloadOfferMachine>;

/**
 * Whether the day's stream offers downloads: the day screen starts the offer machine and puts it
 * here; the lessons' download controls and the whole-day button read it. Without it (the day view
 * alone) there are no download controls.
 */
export const DownloadOfferSlot = createContext<DownloadOfferActor | null>(null);
