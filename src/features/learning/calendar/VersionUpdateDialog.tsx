import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';

/**
 * The course version update modal (content spec, sections 2 and 8): a version no longer supported
 * cannot be extended, and an upgrade at a reduced price is offered.
 */
export function VersionUpdateDialog({
  onClose,
  focusOnClose,
}: {
  onClose: () => void;
  /** Where the focus goes once it closes: the page opened it on arrival, so no control did. */
  focusOnClose: () => HTMLElement | null;
}) {
  const { t } = useLingui();
  return (
    <Dialog
      title={t`A new version of the course`}
      onClose={onClose}
      closeLabel={t`Close`}
      focusOnClose={focusOnClose}
    >
      <p>
        <Trans>
          This version of the course is no longer supported and cannot be extended. You can upgrade to the new
          version at a reduced price.
        </Trans>
      </p>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          <Trans>Later</Trans>
        </Button>
        <Link to="/catalog" className="btn btn--primary">
          <Trans>Upgrade</Trans>
        </Link>
      </div>
    </Dialog>
  );
}
