import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Notice } from '../../../ui/Notice';

/**
 * The reminder pages of a brand that sends no reminders (`offersReminders`), instead of a list or a
 * form whose reminders would never come: an address kept from elsewhere still lands somewhere clear.
 */
export function RemindersNotOffered() {
  return (
    <>
      <Notice tone="info">
        <Trans>This app does not send reminders.</Trans>
      </Notice>
      <p className="card__links">
        <Link to="/user/settings/notifications">
          <Trans>Notification settings</Trans>
        </Link>
      </p>
    </>
  );
}
