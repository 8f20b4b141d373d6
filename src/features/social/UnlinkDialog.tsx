import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { socialNetworksMachine } from '../../../machines/account/socialNetworks.machine';
import { NETWORK_NAMES } from '../../domain/socialNetworks';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { formErrorText } from '../../ui/formText';
import { Notice } from '../../ui/Notice';

/**
 * The spec's "attention" dialog before unlinking (shell spec, section 8); Escape and Cancel keep the
 * link. For the only way an account without a password signs in, it leads to setting one instead.
 */
export function UnlinkDialog({ actor }: { actor: ActorRefFrom<typeof socialNetworksMachine> }) {
  const { t, i18n } = useLingui();
  const source = useSelector(actor, (snapshot) => snapshot.context.unlinking?.source);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const busy = useSelector(actor, (snapshot) => snapshot.matches('removing'));
  const passwordFirst = useSelector(actor, (snapshot) => snapshot.matches('passwordFirst'));
  const cancel = () => {
    if (!busy) actor.send({ type: 'NETWORKS.CANCEL' });
  };
  // The row of a network the site no longer offers goes with its link: the list's first control
  // takes the focus its button had.
  const focusOnClose = () => document.querySelector<HTMLElement>('.social-networks__list button');
  const network = source ? NETWORK_NAMES[source] : '';
  if (passwordFirst) {
    return (
      <Dialog title={t`Attention`} onClose={cancel} focusOnClose={focusOnClose}>
        <p>
          <Trans>
            {network} is the only way to sign in to your account. Set a password first, then you can unlink
            it.
          </Trans>
        </p>
        <div className="dialog__actions">
          <Button variant="secondary" onClick={cancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Link to="/user/settings/password" className="btn btn--primary">
            <Trans>Set a password</Trans>
          </Link>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog title={t`Attention`} onClose={cancel} focusOnClose={focusOnClose}>
      <p>
        <Trans>
          After unlinking {network} you can no longer sign in with it. Make sure you know your e-mail and
          password, or link the network again later.
        </Trans>
      </p>
      <Notice>{formErrorText(i18n, error)}</Notice>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={cancel} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
        <Button busy={busy} onClick={() => actor.send({ type: 'NETWORKS.CONFIRM' })}>
          <Trans>Unlink</Trans>
        </Button>
      </div>
    </Dialog>
  );
}
