import { type ComponentType, lazy, useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { consentMachine } from '../../../machines/consent/consent.machine';
import { withAreaCatalog } from '../../app/i18n';
import { loadChunk } from '../../platform/chunkLoad';

type SettingsProps = { actor: ActorRefFrom<typeof consentMachine> };

/**
 * The banner's settings modal, with its texts, loads when the visitor opens it: most visitors choose
 * on the banner itself, so the first page carries only what the banner shows. The banner renders it
 * inside <Suspense>.
 */
export const CookieSettingsDialog = lazy(() =>
  loadChunk(withAreaCatalog('cookieSettings', () => import('./CookieSettingsDialog'))).then(
    (module): { default: ComponentType<SettingsProps> } => ({ default: module.CookieSettingsDialog }),
    // Offline with the chunk not yet cached: back to the banner, whose own choices still work.
    (): { default: ComponentType<SettingsProps> } => ({ default: SettingsUnavailable }),
  ),
);

function SettingsUnavailable({ actor }: SettingsProps) {
  useEffect(() => actor.send({ type: 'CONSENT.CANCEL' }), [actor]);
  return null;
}
