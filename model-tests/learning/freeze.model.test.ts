import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { type FreezeContext, type FreezeInput, freezeMachine } from '../../machines/learning/freeze.machine';
import { FreezeView } from '../../src/features/learning/freeze/FreezeDialog';
import { done, failed, networkError, requestError, serverError, session } from '../fixtures';
import { shownFormError } from '../formErrorTexts';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { button, fieldErrors, fieldValue, notice } from '../screenQueries';
import { click, typeIntoSegments } from '../userActions';
import { stream } from './learningFixtures';

// The app loads the date fields on demand; here the screen has them from its first render.
vi.mock('../../src/ui/lazyDateFields', () => import('../../src/ui/dates/DatePickerField'));

const freezeInput: FreezeInput = {
  streamId: 1,
  mode: 'freeze',
  today: '2030-03-10',
  streamEnd: '2030-04-30',
};
const unfreezeInput: FreezeInput = { ...freezeInput, mode: 'unfreeze' };

const frozen = stream({ freeze: { id: 3, status: 'created', startDate: 0, endDate: 0 } });
const startRefused = requestError(422, 'Check the dates', {
  startDate: ['The freeze cannot start in the past.'],
});
const cannotFreeze = requestError(422, 'The course already has a freeze. Cancel it to plan another.');

const FIELD_LABELS = { startDate: 'First day', endDate: 'Last day' };

/** What each field error reads on screen, for the errors the machine holds. */
const ERROR_TEXTS: Record<string, string> = {
  required: 'Pick a date',
  beforeToday: 'The freeze cannot start before 10.03.2030',
  notAfterStart: 'The freeze must end after it starts',
  afterStreamEnd: 'The freeze cannot end after the course ends (30.04.2030)',
};
const shownErrors = (context: FreezeContext, field: keyof typeof FIELD_LABELS) =>
  (context.errors[field] ?? []).map((error) =>
    error.code === 'server' ? error.message : ERROR_TEXTS[error.code],
  );

/** The dialog words its generic failure with a full stop. */
const formErrorText = (context: FreezeContext) =>
  shownFormError(context.formError, 'Something went wrong. Try again later.');

const spec = {
  machine: freezeMachine,
  spec: 'Content spec §2 Course freeze dialog with an unfreeze confirmation, §4 Freeze: start not before today, end after start and not after the stream’s end, server 422s on the fields',
  inputs: [freezeInput, unfreezeInput],
  screen: {
    view: FreezeView,
    setting: { path: '/course/1/calendar', session },
    actions: {
      'FREEZE.CHANGE': typeIntoSegments(FIELD_LABELS),
      'FREEZE.SUBMIT': click('Freeze'),
      'FREEZE.CANCEL': click('Cancel'),
      'UNFREEZE.CONFIRM': click('Unfreeze'),
    },
    sees: [
      {
        state: 'editing',
        see: ({ context }: AnyMachineSnapshot) => {
          expect(screen.getByRole('dialog', { name: 'Freeze the course' })).toBeTruthy();
          expect(fieldValue('First day')).toBe(context.startDate);
          expect(fieldValue('Last day')).toBe(context.endDate);
          expect(fieldErrors('First day')).toEqual(shownErrors(context as FreezeContext, 'startDate'));
          expect(fieldErrors('Last day')).toEqual(shownErrors(context as FreezeContext, 'endDate'));
          expect(notice()).toBe(formErrorText(context as FreezeContext));
          expect(button('Freeze').getAttribute('aria-busy')).toBeNull();
          // A freeze to the stream's last day is allowed, with a word that no day opens after it.
          expect(screen.queryByText(/the course's days will not open again/) !== null).toBe(
            context.endDate === context.streamEnd,
          );
        },
      },
      {
        state: 'creating',
        see: () => {
          expect(button('Freeze').getAttribute('aria-busy')).toBe('true');
          expect(button('Cancel').disabled).toBe(true);
        },
      },
      {
        state: 'confirmingUnfreeze',
        see: ({ context }: AnyMachineSnapshot) => {
          expect(screen.getByRole('dialog', { name: 'Unfreeze the course?' })).toBeTruthy();
          expect(notice()).toBe(formErrorText(context as FreezeContext));
          expect(button('Unfreeze').getAttribute('aria-busy')).toBeNull();
        },
      },
      {
        state: 'unfreezing',
        see: () => expect(button('Unfreeze').getAttribute('aria-busy')).toBe('true'),
      },
      // Done: the calendar closes the dialog and takes the changed stream.
      { state: 'frozen', see: () => expect(screen.queryByRole('dialog')).toBeNull() },
      { state: 'unfrozen', see: () => expect(screen.queryByRole('dialog')).toBeNull() },
      { state: 'cancelled', see: () => expect(screen.queryByRole('dialog')).toBeNull() },
    ],
  },
  events: [
    { type: 'FREEZE.CHANGE', field: 'endDate', value: '2030-03-20' },
    { type: 'FREEZE.CHANGE', field: 'endDate', value: freezeInput.streamEnd },
    { type: 'FREEZE.CHANGE', field: 'startDate', value: '2030-03-01' },
    { type: 'FREEZE.SUBMIT' },
    { type: 'FREEZE.CANCEL' },
    { type: 'UNFREEZE.CONFIRM' },
    done('createFreeze', frozen),
    failed('createFreeze', startRefused),
    failed('createFreeze', cannotFreeze),
    failed('createFreeze', networkError),
    done('cancelFreeze', stream()),
    failed('cancelFreeze', networkError),
    failed('cancelFreeze', serverError),
  ],
};

describeModel(spec);

describe('freeze', () => {
  it('checks the range before sending: start before today, end not after the start, end after the stream', async () => {
    const running = startMachine(spec, freezeInput);
    const change = (field: string, value: string) =>
      running.dispatch({ type: 'FREEZE.CHANGE', field, value });
    await running.dispatch({ type: 'FREEZE.SUBMIT' });
    expect(running.snapshot().context.errors).toEqual({ endDate: [{ code: 'required' }] });
    await change('startDate', '2030-03-09');
    await change('endDate', '2030-03-09');
    await running.dispatch({ type: 'FREEZE.SUBMIT' });
    expect(Object.keys(running.snapshot().context.errors)).toEqual(['startDate', 'endDate']);
    await change('startDate', '2030-03-10');
    await change('endDate', '2030-05-01');
    await running.dispatch({ type: 'FREEZE.SUBMIT' });
    expect(running.snapshot().context.errors.endDate?.[0]?.code).toBe('afterStreamEnd');
    expect(running.fakes.started).toEqual([]);
    await change('endDate', '2030-04-30');
    await running.dispatch({ type: 'FREEZE.SUBMIT' });
    expect(running.fakes.inputOf('createFreeze')).toEqual({
      streamId: 1,
      startDate: '2030-03-10',
      endDate: '2030-04-30',
    });
  });

  it('ends with the changed stream, or none when cancelled', async () => {
    const running = startMachine(spec, unfreezeInput);
    await running.dispatch({ type: 'UNFREEZE.CONFIRM' });
    await running.dispatch(done('cancelFreeze', frozen));
    expect(running.actor.getSnapshot().output).toEqual({ stream: frozen, stale: false });
    const cancelled = startMachine(spec, freezeInput);
    await cancelled.dispatch({ type: 'FREEZE.CANCEL' });
    expect(cancelled.actor.getSnapshot().output).toEqual({ stream: null, stale: false });
  });

  it('cancelled after a refusal, says the stream shown may be out of date', async () => {
    const refused = startMachine(spec, freezeInput);
    await refused.dispatch({ type: 'FREEZE.CHANGE', field: 'endDate', value: '2030-03-20' });
    await refused.dispatch({ type: 'FREEZE.SUBMIT' });
    await refused.dispatch(failed('createFreeze', cannotFreeze));
    await refused.dispatch({ type: 'FREEZE.CANCEL' });
    expect(refused.actor.getSnapshot().output).toEqual({ stream: null, stale: true });
    const unreachable = startMachine(spec, unfreezeInput);
    await unreachable.dispatch({ type: 'UNFREEZE.CONFIRM' });
    await unreachable.dispatch(failed('cancelFreeze', networkError));
    await unreachable.dispatch({ type: 'FREEZE.CANCEL' });
    expect(unreachable.actor.getSnapshot().output).toEqual({ stream: null, stale: true });
  });
});
