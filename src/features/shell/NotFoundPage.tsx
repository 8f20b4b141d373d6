import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useBrand } from '../../app/hooks';

/** Any path outside the route table. */
export function NotFoundPage() {
  const brand = useBrand();
  return (
    <main className="page-state">
      <h1>
        <Trans>Page not found</Trans>
      </h1>
      <Link to={brand.assets.homepage} className="btn btn--primary">
        <Trans>Back to home</Trans>
      </Link>
    </main>
  );
}
