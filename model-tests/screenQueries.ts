import { screen } from '@testing-library/react';
import { segmentedField, segmentedValue } from './segmentedFields';

/** What the user sees, read the way assistive technology reads it (roles, names, labels). */

export const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

export const hasButton = (name: string | RegExp) => screen.queryByRole('button', { name }) !== null;

/** The text of the screen's notice area (its first alert), '' when it is empty. */
export const notice = () => screen.getAllByRole('alert')[0]?.textContent ?? '';

const INPUTS = 'input, textarea, select';

/** The labelled input, else the labelled group of a date or time field's segments. */
const labelledControl = (label: string): HTMLElement =>
  screen.queryByLabelText(label, { selector: INPUTS }) ??
  segmentedField(label) ??
  screen.getByLabelText(label, { selector: INPUTS });

/** The error texts under the labelled field. */
export function fieldErrors(label: string): string[] {
  const input = labelledControl(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids
    .map((id) => document.getElementById(id))
    .filter((element) => element?.tagName === 'UL')
    .flatMap((list) => [...(list?.querySelectorAll('li') ?? [])].map((item) => item.textContent ?? ''));
}

/** The labelled field's value; a date or time field's as the machines keep it. */
export function fieldValue(label: string): string {
  const control = labelledControl(label);
  return control.matches(INPUTS) ? (control as HTMLInputElement).value : segmentedValue(control);
}

export const inputType = (label: string) =>
  screen.getByLabelText(label, { selector: 'input' }).getAttribute('type');
