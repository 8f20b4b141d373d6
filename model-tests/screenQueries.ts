import { screen } from '@testing-library/react';

/** What the user sees, read the way assistive technology reads it (roles, names, labels). */

export const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

export const hasButton = (name: string | RegExp) => screen.queryByRole('button', { name }) !== null;

/** The text of the screen's notice area (its first alert), '' when it is empty. */
export const notice = () => screen.getAllByRole('alert')[0]?.textContent ?? '';

/** The error texts under the labelled field. */
export function fieldErrors(label: string): string[] {
  const input = screen.getByLabelText(label, { selector: 'input, textarea, select' });
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids
    .map((id) => document.getElementById(id))
    .filter((element) => element?.tagName === 'UL')
    .flatMap((list) => [...(list?.querySelectorAll('li') ?? [])].map((item) => item.textContent ?? ''));
}

export const fieldValue = (label: string) =>
  (screen.getByLabelText(label, { selector: 'input, textarea, select' }) as HTMLInputElement).value;

export const inputType = (label: string) =>
  screen.getByLabelText(label, { selector: 'input' }).getAttribute('type');
