import { lazy } from 'react';
import { loadChunk } from '../platform/chunkLoad';

/**
 * The date and time fields bring a date library (tens of KB gzip): the few forms that have them load
 * it when they show, not with their pages. A form renders them inside <Suspense>.
 */
const loadDatePickerField = () => loadChunk(() => import('./dates/DatePickerField'));

export const DatePickerField = lazy(() =>
  loadDatePickerField().then((module) => ({ default: module.DatePickerField })),
);

/** Starts loading the date field where a form with it is offered: opened, the form has it at once. */
export function preloadDatePickerField(): void {
  loadDatePickerField().catch(() => {
    // The field reports a failed load itself when it renders.
  });
}

const loadTimeField = () => loadChunk(() => import('./dates/TimeInputField'));

export const TimeInputField = lazy(() =>
  loadTimeField().then((module) => ({ default: module.TimeInputField })),
);

/** Starts loading the time field while its form waits for its data: one wait, not one after the other. */
export function preloadTimeField(): void {
  loadTimeField().catch(() => {
    // The field reports a failed load itself when it renders.
  });
}
