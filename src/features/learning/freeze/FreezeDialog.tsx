import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type {
  FreezeField,
  FreezeInput,
  FreezeOutput,
  freezeMachine,
} from '../../../../machines/learning/freeze.machine';
import { useProvided } from '../../../app/hooks';
import { recordTransitions } from '../../../app/transitionRecorder';
import { formatDate, shiftDateKey } from '../../../domain/learning/calendarDates';
import { freezeBoundsOf } from '../../../domain/learning/freezeDates';
import { type CourseStream, plannedFreeze, type StreamFreeze } from '../../../domain/learning/stream';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { formErrorText } from '../../../ui/formText';
import { Loading } from '../../../ui/LoadFailed';
import { DatePickerField } from '../../../ui/lazyDateFields';
import { Notice } from '../../../ui/Notice';
import { useFocusFirstError } from '../../../ui/useFocusFirstError';
import { useTimeZone } from '../common/useTimeZone';
import { freeze } from '../freeze.provide';
import { freezeErrorText } from './freezeErrorText';

type FreezeDialogProps = {
  stream: CourseStream;
  mode: FreezeInput['mode'];
  /**
   * With the changed stream after a freeze or an unfreeze; with none when the learner cancelled, and
   * `stale` when a call failed first (the stream may have changed elsewhere).
   */
  onClose: (outcome: FreezeOutput) => void;
  /** Where the focus goes when the control that opened the dialog is gone, or there was none. */
  focusOnClose?: () => HTMLElement | null;
};

/** The freeze dialog (or the unfreeze confirmation) of a stream, over the calendar. */
export function FreezeDialog({ stream, mode, onClose, focusOnClose }: FreezeDialogProps) {
  const timeZone = useTimeZone();
  // The days the calendar's freeze offer reads too (hasFreezeRange): it opens no dialog that must fail.
  const input: FreezeInput = { streamId: stream.id, mode, ...freezeBoundsOf(stream, Date.now(), timeZone) };
  const actor = useActorRef(useProvided(freeze), { input, inspect: recordTransitions });
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.status === 'done' && snapshot.output) onClose(snapshot.output);
    });
    return () => subscription.unsubscribe();
  }, [actor, onClose]);
  return <FreezeView actor={actor} focusOnClose={focusOnClose} planned={plannedFreeze(stream)} />;
}

export function FreezeView({
  actor,
  focusOnClose,
  planned = null,
}: {
  actor: ActorRefFrom<typeof freezeMachine>;
  focusOnClose?: FreezeDialogProps['focusOnClose'];
  /** The freeze to cancel when it has not started yet: the confirmation speaks of its dates. */
  planned?: StreamFreeze | null;
}) {
  const { t, i18n } = useLingui();
  const timeZone = useTimeZone();
  const snapshot = useSelector(actor, (current) => current);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef, snapshot.matches('creating'));
  const { startDate, endDate, errors, formError, today, streamEnd } = snapshot.context;
  const cancel = () => actor.send({ type: 'FREEZE.CANCEL' });
  const failure = formErrorText(i18n, formError, msg`Something went wrong. Try again later.`);
  if (snapshot.status === 'done') return null;

  if (snapshot.matches('confirmingUnfreeze') || snapshot.matches('unfreezing')) {
    const busy = snapshot.matches('unfreezing');
    // A freeze that has not started is called off rather than ended: its dates say which.
    const from = planned && formatDate(planned.startDate, timeZone);
    const to = planned && formatDate(planned.endDate, timeZone);
    return (
      <Dialog
        title={planned ? t`Cancel the planned freeze?` : t`Unfreeze the course?`}
        onClose={busy ? undefined : cancel}
        focusOnClose={focusOnClose}
      >
        <p>
          {planned ? (
            <Trans>
              The course will not be frozen from {from} to {to}: its days go on as planned.
            </Trans>
          ) : (
            <Trans>The freeze ends now and the course days open again.</Trans>
          )}
        </p>
        <Notice>{failure}</Notice>
        <div className="dialog__actions">
          <Button variant="secondary" onClick={cancel} disabled={busy}>
            {planned ? <Trans>Keep the freeze</Trans> : <Trans>Cancel</Trans>}
          </Button>
          <Button busy={busy} onClick={() => actor.send({ type: 'UNFREEZE.CONFIRM' })}>
            {planned ? <Trans>Cancel the freeze</Trans> : <Trans>Unfreeze</Trans>}
          </Button>
        </div>
      </Dialog>
    );
  }

  const busy = snapshot.matches('creating');
  const change = (field: FreezeField) => (value: string) =>
    actor.send({ type: 'FREEZE.CHANGE', field, value });
  const fieldErrors = (field: FreezeField) =>
    (errors[field] ?? []).map((error) => freezeErrorText(i18n, error));
  return (
    // The dialog opens once its date fields are there (the calendar loads them ahead, see CalendarScreen):
    // it then gives the first day the focus itself, instead of its Cancel button first and the field a
    // moment later, which a screen reader would announce twice.
    <Suspense fallback={<Loading label={t`Loading…`} />}>
      <Dialog title={t`Freeze the course`} onClose={busy ? undefined : cancel} focusOnClose={focusOnClose}>
        <form
          ref={formRef}
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'FREEZE.SUBMIT' });
            focusFirstError();
          }}
        >
          <p>
            <Trans>
              Pause the course for the days you cannot study. Pick the first and the last day of the freeze.
            </Trans>
          </p>
          <DatePickerField
            label={t`First day`}
            value={startDate}
            min={today}
            // The freeze ends at least a day after it starts, and not after the stream's last day.
            max={streamEnd === null ? undefined : shiftDateKey(streamEnd, -1)}
            onValueChange={change('startDate')}
            errors={fieldErrors('startDate')}
            disabled={busy}
            required
          />
          <DatePickerField
            label={t`Last day`}
            value={endDate}
            min={shiftDateKey(startDate, 1) ?? shiftDateKey(today, 1)}
            max={streamEnd ?? undefined}
            onValueChange={change('endDate')}
            errors={fieldErrors('endDate')}
            disabled={busy}
            required
          />
          {/* Allowed, but the learner should know: a freeze to the access's last day leaves no day after it. */}
          <p className="field__hint" role="status">
            {streamEnd !== null && endDate === streamEnd && (
              <Trans>
                This freeze lasts to the last day of your access: the course's days will not open again after
                it.
              </Trans>
            )}
          </p>
          <Notice>{failure}</Notice>
          <div className="dialog__actions">
            <Button variant="secondary" onClick={cancel} disabled={busy}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" busy={busy}>
              <Trans>Freeze</Trans>
            </Button>
          </div>
        </form>
      </Dialog>
    </Suspense>
  );
}
