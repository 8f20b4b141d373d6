import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useBrand } from '../../app/hooks';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

/** Any path outside the route table. */
export function NotFoundPage() {
  const { t } = useLingui();
  const title = t`Page not found`;
  useDocumentTitle(title);
  const brand = useBrand();
  return (
    <main className="page-state">
      <h1>{title}</h1>
      <Link to={brand.assets.homepage} className="btn btn--primary">
        <Trans>Back to home</Trans>
      </Link>
    </main>
  );
}
