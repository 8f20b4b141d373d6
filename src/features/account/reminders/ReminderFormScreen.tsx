import { Trans, useLingui } from '@lingui/react/macro';
import { useParams } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useEffect, useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ReminderProblem, reminderFormMachine } from '../../../../machines/account/reminderForm.machine';
import { useBrand, useProvided } from '../../../app/hooks';
import { recordTransitions } from '../../../app/transitionRecorder';
import {
  MAX_REMINDERS_PER_DAY,
  offersReminders,
  type ReminderPreset,
  reminderJoinedAt,
  timeOfReminderId,
  WEEKDAYS,
} from '../../../domain/reminders';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { formErrorText } from '../../../ui/formText';
import { LoadFailed, Loading } from '../../../ui/LoadFailed';
import { preloadTimeField, TimeInputField } from '../../../ui/lazyDateFields';
import { Notice } from '../../../ui/Notice';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { BackLink } from '../../shell/BackLink';
import { RemindersNotOffered } from './RemindersNotOffered';
import { reminderForm } from './reminderForm.provide';
import { PRESET_LABELS, weekdayName } from './reminderText';
import '../account.css';

export type ReminderFormActor = ActorRefFrom<typeof reminderFormMachine>;

/** /user/settings/reminders/new and /user/settings/reminders/{id}: one reminder's time and repeat. */
export function ReminderFormScreen() {
  const { id } = useParams({ strict: false });
  // An id that names no time at all is treated like a reminder that no longer exists.
  const editing = id === undefined ? null : (timeOfReminderId(id) ?? id);
  const offered = offersReminders(useBrand());
  const actor = useActorRef(useProvided(reminderForm), {
    input: { editing, offered },
    inspect: recordTransitions,
  });
  useEffect(() => {
    // Only a page with the form needs the time field.
    if (offered) preloadTimeField();
  }, [offered]);
  return <ReminderFormView actor={actor} />;
}

const PRESETS: readonly ReminderPreset[] = ['daily', 'weekdays', 'weekend', 'custom'];

export function ReminderFormView({ actor }: { actor: ReminderFormActor }) {
  const { t } = useLingui();
  const snapshot = useSelector(actor, (state) => state);
  const isNew = snapshot.context.editing === null;
  const title = isNew ? t`New reminder` : t`Edit reminder`;
  useDocumentTitle(title);
  return (
    <section className="card reminders" aria-labelledby="reminder-title">
      <h1 id="reminder-title">{title}</h1>
      {snapshot.matches('notOffered') ? <RemindersNotOffered /> : <ReminderFormBody actor={actor} />}
    </section>
  );
}

function ReminderFormBody({ actor }: { actor: ReminderFormActor }) {
  const { t } = useLingui();
  const snapshot = useSelector(actor, (state) => state);
  return (
    <>
      {snapshot.matches('loading') && <Loading label={t`Loading your reminders…`} />}
      {snapshot.matches('failed') && (
        <LoadFailed
          text={t`Failed to load your reminders.`}
          detail={snapshot.context.loadError?.message}
          onRetry={() => actor.send({ type: 'REMINDER.RETRY' })}
        />
      )}
      {snapshot.matches('missing') && (
        <Notice tone="info">
          <Trans>This reminder no longer exists.</Trans>
        </Notice>
      )}
      {!snapshot.matches('loading') && !snapshot.matches('failed') && !snapshot.matches('missing') && (
        <ReminderForm actor={actor} />
      )}
      <p className="card__links">
        <BackLink to="/user/settings/reminders">
          <Trans>Back to reminders</Trans>
        </BackLink>
      </p>
    </>
  );
}

function ReminderForm({ actor }: { actor: ReminderFormActor }) {
  const { t, i18n } = useLingui();
  const ids = useId();
  const context = useSelector(actor, (state) => state.context);
  const saving = useSelector(actor, (state) => state.matches('saving'));
  const deleting = useSelector(actor, (state) => state.matches('deleting'));
  const confirming = useSelector(actor, (state) => state.matches('confirmingDelete'));
  const problems: Record<ReminderProblem, string> = {
    time: t`Enter a time from 00:00 to 23:59.`,
    days: t`Choose at least one day.`,
    limit: t`A day can have at most ${MAX_REMINDERS_PER_DAY} reminders.`,
  };
  const problemId = `${ids}-problem`;
  return (
    <form
      className="reminder-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'REMINDER.SAVE' });
      }}
    >
      <Notice>{formErrorText(i18n, context.formError)}</Notice>
      <Suspense fallback={<Loading label={t`Loading…`} />}>
        <TimeInputField
          label={t`Time`}
          labelClassName="reminder-form__label"
          value={context.time}
          onValueChange={(time) => actor.send({ type: 'REMINDER.TIME', time })}
          errorId={context.problem === 'time' ? problemId : undefined}
          required
        />
      </Suspense>
      <fieldset>
        <legend>
          <Trans>Repeat</Trans>
        </legend>
        {PRESETS.map((preset) => (
          <label key={preset} className="reminder-form__choice">
            <input
              type="radio"
              name={`${ids}-preset`}
              checked={context.preset === preset}
              onChange={() => actor.send({ type: 'REMINDER.PRESET', preset })}
            />
            {i18n._(PRESET_LABELS[preset])}
          </label>
        ))}
      </fieldset>
      {context.preset === 'custom' && (
        <fieldset
          className="reminder-form__days"
          aria-describedby={context.problem === 'days' || context.problem === 'limit' ? problemId : undefined}
        >
          <legend>
            <Trans>Days</Trans>
          </legend>
          {WEEKDAYS.map((day) => (
            <label key={day} className="reminder-form__choice">
              <input
                type="checkbox"
                checked={context.days.includes(day)}
                onChange={() => actor.send({ type: 'REMINDER.DAY', day })}
              />
              {weekdayName(i18n.locale, day, 'long')}
            </label>
          ))}
        </fieldset>
      )}
      {reminderJoinedAt(context.reminders, context.time, context.editing) && (
        // Saving keeps one reminder per time: say so before the list shows one where two were meant.
        <p className="reminder-form__note" role="status">
          <Trans>You already have a reminder at {context.time}. Saving adds these days to it.</Trans>
        </p>
      )}
      {context.problem && (
        <p id={problemId} className="reminder-form__problem" role="alert">
          {problems[context.problem]}
        </p>
      )}
      <div className="reminder-form__actions">
        <Button type="submit" busy={saving} disabled={deleting}>
          <Trans>Save</Trans>
        </Button>
        {context.editing !== null && (
          <Button
            variant="secondary"
            busy={deleting}
            disabled={saving}
            onClick={() => actor.send({ type: 'REMINDER.DELETE' })}
          >
            <Trans>Delete</Trans>
          </Button>
        )}
      </div>
      {confirming && (
        <Dialog
          title={t`Delete this reminder?`}
          onClose={() => actor.send({ type: 'REMINDER.DELETE_CANCEL' })}
        >
          <p>
            <Trans>You will no longer be reminded at {context.time}.</Trans>
          </p>
          <div className="dialog__actions">
            <Button variant="secondary" onClick={() => actor.send({ type: 'REMINDER.DELETE_CANCEL' })}>
              <Trans>Cancel</Trans>
            </Button>
            <Button onClick={() => actor.send({ type: 'REMINDER.DELETE_CONFIRM' })}>
              <Trans>Delete</Trans>
            </Button>
          </div>
        </Dialog>
      )}
    </form>
  );
}
