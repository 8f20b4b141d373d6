import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { useBrand } from '../../app/hooks';
import { withAreaCatalog } from '../../app/i18n';
import { brandText } from '../../domain/brandText';
import { Button } from '../../ui/Button';

// The app's document viewer, loaded with its texts when the instruction is opened: the sign-in page
// stays small.
const DocumentViewer = lazy(() =>
  withAreaCatalog('pages', () => import('../../ui/DocumentViewer'))().then((module) => ({
    default: module.DocumentViewer,
  })),
);

/** "User instruction": the brand's instruction page for the current language, in the document viewer. */
export function InstructionButton() {
  const { t, i18n } = useLingui();
  const brand = useBrand();
  const [open, setOpen] = useState(false);
  const url = brandText(brand.instructionUrl, i18n.locale, brand.assets.defaultLanguage);
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
