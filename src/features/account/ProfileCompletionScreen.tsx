import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type {
  ProfileField,
  profileCompletionMachine,
} from '../../../machines/account/profileCompletion.machine';
import { useProvided, useSession } from '../../app/hooks';
import { recordTransitions } from '../../app/transitionRecorder';
import type { User } from '../../domain/user';
import { Button } from '../../ui/Button';
import { formErrorText } from '../../ui/formText';
import { Notice } from '../../ui/Notice';
import { PROFILE_FIELD_WORDING } from '../../ui/profileFieldErrorTexts';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useMachineForm } from '../../ui/useMachineForm';
import { ProfileFields } from './ProfileFields';
import { profileCompletion } from './profileCompletion.provide';

/** The forced profile completion (/updateProfile), prefilled with what the user already has. */
export function ProfileCompletionScreen() {
  const user = useSession((snapshot) => snapshot.context.user);
  return user ? <ProfileCompletionForm user={user} /> : null;
}

function ProfileCompletionForm({ user }: { user: User }) {
  const actor = useActorRef(useProvided(profileCompletion), { input: { user }, inspect: recordTransitions });
  return <ProfileCompletionView actor={actor} />;
}

export function ProfileCompletionView({
  actor: completion,
}: {
  actor: ActorRefFrom<typeof profileCompletionMachine>;
}) {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Complete your profile`);
  const { context, busy, formProps, field } = useMachineForm<ProfileField, typeof completion>(
    completion,
    (snapshot) => snapshot.matches('submitting'),
    PROFILE_FIELD_WORDING,
  );
  return (
    <section className="card card--wide">
      <h1>
        <Trans>Complete your profile</Trans>
      </h1>
      <p>
        <Trans>
          Your school needs your first name, last name and phone number before you go on. The other fields are
          optional.
        </Trans>
      </p>
      <Notice>{formErrorText(i18n, context.formError)}</Notice>
      <form {...formProps}>
        <ProfileFields field={field} />
        <Button type="submit" busy={busy} className="btn--block">
          <Trans>Save</Trans>
        </Button>
      </form>
    </section>
  );
}
