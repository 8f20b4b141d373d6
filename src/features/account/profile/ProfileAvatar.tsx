import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { AvatarError, profileAvatarMachine } from '../../../../machines/account/profileAvatar.machine';
import { useProvided, useSession } from '../../../app/hooks';
import { recordTransitions } from '../../../app/transitionRecorder';
import { uploadPercent } from '../../../domain/avatar';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { formatPercent } from '../../../ui/formatPercent';
import { Notice } from '../../../ui/Notice';
import { PhotoPickButton } from '../../../ui/PhotoPickButton';
import { useFocusOnReturn } from '../../../ui/useFocusOnReturn';
import { profileAvatar } from './profileAvatar.provide';

/** The profile card's photo: the current one, changed by picking an image (uploaded, then attached). */
export function ProfileAvatar() {
  const actor = useActorRef(useProvided(profileAvatar), { inspect: recordTransitions });
  return <ProfileAvatarView actor={actor} />;
}

function useErrorText(error: AvatarError | null): string | null {
  const { t } = useLingui();
  switch (error?.code) {
    case undefined:
      return null;
    case 'tooLarge':
      return t`This image is too large: choose one of 10 MB at most.`;
    case 'notImage':
      return t`This file is not a picture: choose a JPEG, PNG, WebP, GIF or AVIF image.`;
    case 'server':
      return error.message;
    case 'generic':
      return t`The photo could not be uploaded. Check your connection and try again.`;
  }
}

export function ProfileAvatarView({ actor }: { actor: ActorRefFrom<typeof profileAvatarMachine> }) {
  const { t, i18n } = useLingui();
  const user = useSession((snapshot) => snapshot.context.user);
  const uploading = useSelector(actor, (snapshot) => snapshot.matches('uploading'));
  const attaching = useSelector(actor, (snapshot) => snapshot.matches('attaching'));
  const percent = useSelector(actor, (snapshot) =>
    uploadPercent(snapshot.context.sent, snapshot.context.total),
  );
  const shownPercent = formatPercent(percent, i18n.locale);
  const changed = useSelector(actor, (snapshot) => snapshot.context.changed);
  const errorText = useErrorText(useSelector(actor, (snapshot) => snapshot.context.error));
  const busy = uploading || attaching;
  // The picker leaves with the upload and comes back when it ends: the focus follows it there and
  // back (Cancel in between), while the notice below says how it went.
  const cancelRef = useFocusOnReturn<HTMLButtonElement>(uploading);
  const pickRef = useFocusOnReturn<HTMLInputElement>(!busy);
  return (
    <div className="profile-photo">
      <Avatar
        url={user?.avatar ?? null}
        firstName={user?.firstName ?? ''}
        lastName={user?.lastName ?? ''}
        size="large"
      />
      <div className="profile-photo__controls">
        {uploading && (
          <div className="profile-photo__progress">
            <label htmlFor="avatar-progress">{t`Uploading photo… ${shownPercent}`}</label>
            <progress id="avatar-progress" max={100} value={percent} />
            <Button ref={cancelRef} variant="link" onClick={() => actor.send({ type: 'AVATAR.CANCEL' })}>
              <Trans>Cancel upload</Trans>
            </Button>
          </div>
        )}
        {attaching && (
          <p className="profile-photo__status" role="status">
            <Trans>Saving your photo…</Trans>
          </p>
        )}
        {!busy && (
          <PhotoPickButton
            ref={pickRef}
            label={user?.avatar ? t`Change photo` : t`Add a photo`}
            className="btn btn--secondary profile-photo__pick"
            onPick={(file) => actor.send({ type: 'AVATAR.PICK', file })}
          />
        )}
        <p className="profile-photo__hint">
          <Trans>JPEG, PNG, WebP, GIF or AVIF, up to 10 MB.</Trans>
        </p>
        <Notice tone={errorText ? 'error' : 'success'}>
          {errorText ?? (changed && !busy ? t`Your photo has been updated.` : null)}
        </Notice>
      </div>
    </div>
  );
}
