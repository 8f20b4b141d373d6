import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { languageChangeMachine } from '../../../machines/account/languageChange.machine';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { formErrorText } from '../../ui/formText';
import { LANGUAGE_NAMES } from '../../ui/LanguageSelect';
import { Notice } from '../../ui/Notice';

/** "Change the language?" with Yes and No; No and Escape cancel, except while the change is under way. */
export function LanguageChangeDialog({ actor }: { actor: ActorRefFrom<typeof languageChangeMachine> }) {
  const { t, i18n } = useLingui();
  const chosen = useSelector(actor, (snapshot) => snapshot.context.chosen);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const busy = useSelector(actor, (snapshot) => snapshot.matches('saving') || snapshot.matches('switching'));
  const cancel = () => {
    if (!busy) actor.send({ type: 'LANGUAGE.CANCEL' });
  };
  const name = chosen ? LANGUAGE_NAMES[chosen] : '';
  return (
    <Dialog title={t`Change the language?`} onClose={cancel}>
      <p>
        <Trans>
          The interface will switch to <span lang={chosen ?? undefined}>{name}</span>, and the choice is saved
          in your profile.
        </Trans>
      </p>
      <Notice>{formErrorText(i18n, error)}</Notice>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={cancel} disabled={busy}>
          <Trans>No</Trans>
        </Button>
        <Button busy={busy} onClick={() => actor.send({ type: 'LANGUAGE.CONFIRM' })}>
          <Trans>Yes</Trans>
        </Button>
      </div>
    </Dialog>
  );
}
