import { describe, expect, it } from 'vitest';
import { profileCompletionMachine } from '../../machines/account/profileCompletion.machine';
import { GENERIC_ERROR } from '../../machines/forms/formSupport';
import { ProfileCompletionView } from '../../src/features/account/ProfileCompletionScreen';
import { done, failed, requestError, serverError, session, user } from '../fixtures';
import { formScreen } from '../formScreen';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { notice } from '../screenQueries';

const incomplete = {
  ...user,
  firstName: '',
  lastName: '',
  phone: '',
  city: '',
  birthday: '',
  requiredUpdateProfile: true,
};
const input = { user: incomplete };
const badPhone = requestError(422, 'Check the form', { phone: ['Invalid phone number format'] });
const rejectedNames = requestError(422, 'Check the form', {
  firstName: ['First name is too long.'],
  lastName: ['Last name is too long.'],
  gender: ['Unknown gender.'],
});

const spec = {
  machine: profileCompletionMachine,
  spec: 'Shell spec §4 Forced profile completion: name, surname and phone before anything else',
  screen: formScreen({
    view: ProfileCompletionView,
    setting: { path: '/profile', session },
    fields: { firstName: 'First name', lastName: 'Last name', phone: 'Phone' },
    submit: 'Save',
    busyIn: 'submitting',
    formIn: ['editing', 'submitting'],
    sees: [{ state: 'succeeded', see: () => expect(notice()).toBe('') }],
  }),
  inputs: [input],
  events: [
    { type: 'FORM.CHANGE', field: 'firstName', value: 'Ada' },
    { type: 'FORM.CHANGE', field: 'lastName', value: 'Lovelace' },
    { type: 'FORM.CHANGE', field: 'phone', value: '+15551234567' },
    { type: 'FORM.SUBMIT' },
    done('updateProfile', user),
    failed('updateProfile', badPhone),
    failed('updateProfile', serverError),
  ],
};

describeModel(spec);

async function filledIn() {
  const running = startMachine(spec, input);
  for (const [field, value] of [
    ['firstName', ' Ada '],
    ['lastName', 'Lovelace'],
    ['phone', '+1 555 123 4567'],
    ['birthday', '10.12.1990'],
    ['instagramId', 'ada_l'],
  ]) {
    await running.dispatch({ type: 'FORM.CHANGE', field, value });
  }
  return running;
}

describe('profileCompletion', () => {
  it('prefills the form from the user', () => {
    const running = startMachine(spec, { user });
    expect(running.snapshot().context).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '+15551234567',
      city: 'London',
      birthday: '10.12.1990',
      instagramId: '',
    });
  });

  it('requires names and phone, and checks birthday and Instagram when given', async () => {
    const running = startMachine(spec, input);
    await running.dispatch({ type: 'FORM.CHANGE', field: 'birthday', value: '31.02.2020' });
    await running.dispatch({ type: 'FORM.CHANGE', field: 'instagramId', value: '.ada' });
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.snapshot().context.errors).toEqual({
      firstName: [{ code: 'required' }],
      lastName: [{ code: 'required' }],
      phone: [{ code: 'required' }],
      birthday: [{ code: 'birthdayNonexistent' }],
      instagramId: [{ code: 'instagramStartsWithPeriod' }],
    });
    expect(running.fakes.started).toEqual([]);
  });

  it('sends trimmed fields, updates the session user and goes home', async () => {
    const running = await filledIn();
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.fakes.inputOf('updateProfile')).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '+1 555 123 4567',
      city: '',
      birthday: '10.12.1990',
      instagramId: 'ada_l',
    });
    await running.dispatch(done('updateProfile', user));
    expect(running.effects).toEqual([
      { name: 'updateUser', params: { user } },
      { name: 'goToHome', params: undefined },
    ]);
  });

  it("shows server errors under the form's fields; other failures give the generic message", async () => {
    const rejected = await filledIn();
    await rejected.dispatch({ type: 'FORM.SUBMIT' });
    await rejected.dispatch(failed('updateProfile', badPhone));
    expect(rejected.snapshot().context.errors).toEqual({
      phone: [{ code: 'server', message: 'Invalid phone number format' }],
    });
    const renamed = await filledIn();
    await renamed.dispatch({ type: 'FORM.SUBMIT' });
    await renamed.dispatch(failed('updateProfile', rejectedNames));
    // The form has no gender field: that error is left out, the name errors stay under their fields.
    expect(renamed.snapshot().context.errors).toEqual({
      firstName: [{ code: 'server', message: 'First name is too long.' }],
      lastName: [{ code: 'server', message: 'Last name is too long.' }],
    });
    expect(renamed.snapshot().context.formError).toBeNull();
    const broken = await filledIn();
    await broken.dispatch({ type: 'FORM.SUBMIT' });
    await broken.dispatch(failed('updateProfile', serverError));
    expect(broken.snapshot().context.formError).toBe(GENERIC_ERROR);
  });
});
