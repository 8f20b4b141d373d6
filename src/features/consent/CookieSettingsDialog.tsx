import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { consentMachine } from '../../../machines/consent/consent.machine';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { CookieToggles } from './CookieToggles';

/** The banner's settings modal: a switch per category, save these choices, or agree to all. */
export function CookieSettingsDialog({ actor }: { actor: ActorRefFrom<typeof consentMachine> }) {
  const { t } = useLingui();
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  return (
    <Dialog
      title={t`Cookie settings`}
      onClose={() => actor.send({ type: 'CONSENT.CANCEL' })}
      closeLabel={t`Close`}
    >
      <CookieToggles
        policy={draft}
        onToggle={(category) => actor.send({ type: 'CONSENT.TOGGLE', category })}
      />
      <div className="consent-dialog__actions">
        <Button variant="secondary" onClick={() => actor.send({ type: 'CONSENT.SAVE' })}>
          {t`Save my choices`}
        </Button>
        <Button onClick={() => actor.send({ type: 'CONSENT.ACCEPT_ALL' })}>{t`Agree to all`}</Button>
      </div>
    </Dialog>
  );
}
