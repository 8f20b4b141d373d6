import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { profileEditMachine } from '../../machines/account/profileEdit.machine';
import { GENERIC_ERROR } from '../../machines/forms/formSupport';
import { ProfileEditView } from '../../src/features/account/profile/ProfileScreen';
import { done, failed, networkError, requestError, serverError, session, user } from '../fixtures';
import { formScreen } from '../formScreen';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { fieldValue } from '../screenQueries';
import { click } from '../userActions';

const counters = {
  ...user.counters,
  viewedHours: 12.5,
  viewedLessons: 40,
  completedCourses: 2,
  scoresAmount: 350,
};
const saved = { ...user, city: 'Paris', phone: '+15551234567' };
const phoneRefused = requestError(422, 'Check the form', { phone: ['Invalid phone number format.'] });

const status = () => screen.getAllByRole('status').map((element) => element.textContent ?? '');

const spec = {
  machine: profileEditMachine,
  spec: 'Shell spec §2 userEdit, §3 User (client and server forms, counters), §5 phone, birthday and Instagram rules',
  inputs: [{ user }],
  screen: formScreen({
    view: ProfileEditView,
    setting: { path: '/user/edit', session },
    fields: {
      firstName: 'First name',
      lastName: 'Last name',
      phone: 'Phone',
      city: 'City',
      birthday: 'Birthday',
      instagramId: 'Instagram',
    },
    submit: 'Save changes',
    busyIn: { form: 'submitting' },
    formIn: [{ form: 'editing' }, { form: 'submitting' }],
    actions: { 'COUNTERS.RETRY': click('Try again') },
    sees: [
      {
        see: (snapshot: AnyMachineSnapshot) => {
          expect(fieldValue('City')).toBe(snapshot.context.city);
          expect(fieldValue('Time zone')).toBe(snapshot.context.timezone);
          expect(fieldValue('Gender')).toBe(snapshot.context.gender);
          expect(status().includes('Your profile has been saved.')).toBe(snapshot.context.saved);
        },
      },
      {
        state: { counters: 'loading' },
        see: () => expect(status()).toContain('Loading your progress…'),
      },
      {
        state: { counters: 'loaded' },
        see: () => {
          expect(screen.getByLabelText('Your progress').textContent).toContain('Hours of lessons watched');
          expect(screen.getByText('12.5')).toBeTruthy();
          expect(screen.getByText('350')).toBeTruthy();
        },
      },
      {
        state: { counters: 'failed' },
        see: () => expect(screen.getByText('Failed to load your progress.')).toBeTruthy(),
      },
    ],
  }),
  events: [
    { type: 'FORM.CHANGE', field: 'city', value: 'Paris' },
    { type: 'FORM.CHANGE', field: 'phone', value: 'call me' },
    { type: 'FORM.SUBMIT' },
    { type: 'COUNTERS.RETRY' },
    done('loadCounters', counters),
    failed('loadCounters', networkError),
    done('saveProfile', saved),
    failed('saveProfile', phoneRefused),
    failed('saveProfile', serverError),
  ],
};

describeModel(spec);

describe('profileEdit', () => {
  it('starts from the user, checks the rules before sending, and sends every field', async () => {
    const running = startMachine(spec, { user });
    await running.dispatch({ type: 'FORM.CHANGE', field: 'phone', value: 'call me' });
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.snapshot().context.errors).toEqual({ phone: [{ code: 'phone' }] });
    expect(running.fakes.started.map((actor) => actor.id)).toEqual(['loadCounters']);
    await running.dispatch({ type: 'FORM.CHANGE', field: 'phone', value: ' +1 555 123-45-67 ' });
    await running.dispatch({ type: 'FORM.CHANGE', field: 'gender', value: '' });
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.fakes.inputOf('saveProfile')).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '+1 555 123-45-67',
      city: 'London',
      birthday: '10.12.1990',
      instagramId: '',
      timezone: 'Europe/London',
      gender: null,
    });
  });

  it('shows what the server kept, updates the session user, and keeps the form on a failure', async () => {
    const running = startMachine(spec, { user });
    await running.dispatch({ type: 'FORM.SUBMIT' });
    await running.dispatch(done('saveProfile', saved));
    expect(running.snapshot().context).toMatchObject({ saved: true, phone: '+15551234567' });
    expect(running.effects).toEqual([{ name: 'updateUser', params: { user: saved } }]);
    await running.dispatch({ type: 'FORM.SUBMIT' });
    await running.dispatch(failed('saveProfile', serverError));
    expect(running.snapshot().context).toMatchObject({ saved: false, formError: GENERIC_ERROR });
  });

  it('says the profile is saved until the next attempt, also one the form’s own rules stop', async () => {
    const running = startMachine(spec, { user });
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.snapshot().context.saved).toBe(false);
    await running.dispatch(done('saveProfile', saved));
    await running.dispatch({ type: 'FORM.CHANGE', field: 'city', value: 'Paris' });
    expect(running.snapshot().context.saved).toBe(true);
    await running.dispatch({ type: 'FORM.CHANGE', field: 'phone', value: 'call me' });
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.snapshot().matches({ form: 'editing' })).toBe(true);
    expect(running.snapshot().context).toMatchObject({
      saved: false,
      errors: { phone: [{ code: 'phone' }] },
    });
    await running.dispatch({ type: 'FORM.CHANGE', field: 'phone', value: '+15551234567' });
    await running.dispatch({ type: 'FORM.SUBMIT' });
    await running.dispatch(done('saveProfile', saved));
    await running.dispatch({ type: 'FORM.SUBMIT' });
    await running.dispatch(failed('saveProfile', phoneRefused));
    expect(running.snapshot().context).toMatchObject({ saved: false, formError: null });
  });

  it('loads the counters beside the form, and again on retry', async () => {
    const running = startMachine(spec, { user });
    await running.dispatch(failed('loadCounters', networkError));
    expect(running.snapshot().matches({ counters: 'failed', form: 'editing' })).toBe(true);
    await running.dispatch({ type: 'COUNTERS.RETRY' });
    await running.dispatch(done('loadCounters', counters));
    expect(running.snapshot().context.counters).toEqual(counters);
  });
});
