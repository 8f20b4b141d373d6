import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useBrand, useSession } from '../../app/hooks';
import { oldCabinetDismissedKey, oldCabinetOf } from '../../domain/oldCabinet';
import { dismissals } from '../../platform/dismissals';
import { Button } from '../../ui/Button';

const todayIso = () => new Date().toISOString().slice(0, 10);

/**
 * "You are using the new learner area": while the brand still runs its previous site, the home page
 * says so and links to it (a plain link: the learner signs in there as before, and no session token
 * travels to another site). "Got it" hides it for this learner on this browser.
 */
export function OldCabinetNotice() {
  const { i18n } = useLingui();
  const brand = useBrand();
  const userId = useSession((snapshot) => snapshot.context.user?.id);
  const cabinet = oldCabinetOf(brand, todayIso());
  const key = userId === undefined ? null : oldCabinetDismissedKey(userId);
  const [dismissed, setDismissed] = useState(() => key === null || dismissals.has(key));
  if (!cabinet || dismissed || key === null) return null;
  const until = cabinet.until
    ? i18n.date(new Date(`${cabinet.until}T00:00:00`), { dateStyle: 'long' })
    : null;
  return (
    <aside className="old-cabinet" aria-labelledby="old-cabinet-title">
      <h2 id="old-cabinet-title">
        <Trans>You are using the new learner area</Trans>
      </h2>
      <p>
        {until ? (
          <Trans>The old one stays available until {until}.</Trans>
        ) : (
          <Trans>The old one stays available for now.</Trans>
        )}{' '}
        <a href={cabinet.url}>
          <Trans>Open the old learner area</Trans>
        </a>
      </p>
      <Button
        variant="secondary"
        onClick={() => {
          dismissals.add(key);
          setDismissed(true);
        }}
      >
        <Trans>Got it</Trans>
      </Button>
    </aside>
  );
}
