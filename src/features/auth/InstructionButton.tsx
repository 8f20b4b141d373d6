import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Language } from '../../../brands';
import { useBrand } from '../../app/hooks';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

/** "User instruction": the brand's instruction page for the current language, in a full-size dialog. */
export function InstructionButton() {
  const { t, i18n } = useLingui();
  const brand = useBrand();
  const [open, setOpen] = useState(false);
  const urls = brand.instructionUrl;
  const url = urls[i18n.locale as Language] ?? urls[brand.assets.defaultLanguage];
  if (!url) return null;
  return (
    <>
      <Button variant="link" onClick={() => setOpen(true)}>
        <Trans>User instruction</Trans>
      </Button>
      {open && (
        <Dialog title={t`User instruction`} size="full" closeLabel={t`Close`} onClose={() => setOpen(false)}>
          <iframe className="dialog__frame" src={url} title={t`User instruction`} />
        </Dialog>
      )}
    </>
  );
}
