import { useLingui } from '@lingui/react';
import { shallowEqual, useSelector } from '@xstate/react';
import { type FormEvent, useRef } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import type { TextFormContext } from '../../machines/forms/formSupport';
import { FIELD_WORDING, fieldErrorTexts } from './fieldErrorText';
import { useFocusFirstError } from './useFocusFirstError';

/**
 * Binds a form machine (FORM.CHANGE / FORM.SUBMIT, `errors`, `formError`) to a <form>: the props
 * of the form element, the props of each field, whether it is busy, and the machine's context.
 * `wording` words the field errors (a profile form passes its own codes' texts).
 */
export function useMachineForm<F extends string, A extends AnyActorRef>(
  actor: A,
  isBusy: (snapshot: SnapshotFrom<A>) => boolean,
  wording = FIELD_WORDING,
) {
  const { i18n } = useLingui();
  const context = useSelector(
    actor,
    (snapshot) => (snapshot as { context: TextFormContext<F> }).context,
    shallowEqual,
  );
  const busy = useSelector(actor, (snapshot) => isBusy(snapshot as SnapshotFrom<A>));
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef, busy);

  const formProps = {
    ref: formRef,
    className: 'form',
    noValidate: true,
    onSubmit: (event: FormEvent) => {
      event.preventDefault();
      actor.send({ type: 'FORM.SUBMIT' });
      focusFirstError();
    },
  };
  const field = (name: F) => ({
    name,
    value: context[name],
    errors: fieldErrorTexts(i18n, context.errors[name], wording),
    onValueChange: (value: string) => actor.send({ type: 'FORM.CHANGE', field: name, value }),
  });
  return { context, busy, formProps, field };
}
