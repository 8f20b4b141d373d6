import { useEffect } from 'react';
import { useBrand } from '../app/hooks';
import { setDocumentTitle } from '../platform/documentTitle';

/** Shows "<page> — <brand>" in the tab while the page is on screen. */
export function useDocumentTitle(pageTitle: string | undefined): void {
  const brandTitle = useBrand().assets.title;
  useEffect(() => {
    setDocumentTitle(brandTitle, pageTitle);
    return () => setDocumentTitle(brandTitle);
  }, [brandTitle, pageTitle]);
}
