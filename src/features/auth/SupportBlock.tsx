import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { useBrand } from '../../app/hooks';
import { withAreaCatalog } from '../../app/i18n';
import { loadChunk } from '../../platform/chunkLoad';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Preloader } from '../../ui/Preloader';

// The form, its machine and its texts load only when the visitor opens it, keeping the sign-in page
// light.
const SupportForm = lazy(() => loadChunk(withAreaCatalog('pages', () => import('./SupportForm'))));

/**
 * Support contacts, and for visitors who are not signed in the "Write to us" form in a dialog: it
 * asks for a name and an e-mail and sends them as a visitor's message.
 */
export function SupportBlock({ signedIn }: { signedIn?: boolean }) {
  const { t } = useLingui();
  const brand = useBrand();
  // Whether the dialog is open is purely visual state.
  const [formOpen, setFormOpen] = useState(false);
  const { supportEmail, whatsAppNumber } = brand.assets;
  return (
    <aside className="support-block" aria-label={t`Support`}>
      <p>
        <Trans>We are here to help</Trans>
      </p>
      <div className="support-block__links">
        <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
        {whatsAppNumber && (
          <a href={`https://wa.me/${whatsAppNumber}`} target="_blank" rel="noopener noreferrer">
            WhatsApp
          </a>
        )}
        {!signedIn && (
          <Button variant="link" onClick={() => setFormOpen(true)}>
            <Trans>Write to us</Trans>
          </Button>
        )}
      </div>
      {formOpen && (
        <Dialog title={t`Write to us`} closeLabel={t`Close`} onClose={() => setFormOpen(false)}>
          <Suspense fallback={<Preloader label={t`Loading…`} />}>
            <SupportForm />
          </Suspense>
        </Dialog>
      )}
    </aside>
  );
}
