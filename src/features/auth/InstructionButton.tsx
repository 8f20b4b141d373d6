import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import type { Language } from '../../../brands';
import { useBrand } from '../../app/hooks';
import { Button } from '../../ui/Button';

// The app's document viewer, loaded when the instruction is opened: the sign-in page stays small.
const DocumentViewer = lazy(() =>
  import('../../ui/DocumentViewer').then((module) => ({ default: module.DocumentViewer })),
);

/** "User instruction": the brand's instruction page for the current language, in the document viewer. */
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
        <Suspense fallback={null}>
          <DocumentViewer
            document={{ title: t`User instruction`, url, kind: 'page' }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
