import { lazy } from 'react';
import { loadChunk } from '../platform/chunkLoad';

/**
 * The date and time fields bring a date library (tens of KB gzip): the few forms that have them load
 * it when they show, not with their pages. A form renders them inside <Suspense>.
 */
const loadDatePickerField = () => loadChunk(() => import('./dates/DatePickerField'));
const loadTimeField = () => loadChunk(() => import('./dates/TimeInputField'));

export const DatePickerField = lazy(() =>
  loadDatePickerField().then((module) => ({ default: module.DatePickerField })),
);

export const TimeInputField = lazy(() =>
  loadTimeField().then((module) => ({ default: module.TimeInputField })),
);

/** Starts loading a field before its form shows: opened, the form has it at once, not after one more wait. */
const preload = (load: () => Promise<unknown>) => (): void => {
  load().catch(() => {
    // The field reports a failed load itself when it renders.
  });
};

/** Where a form with the date field is offered (the calendar's freeze dialog). */
export const preloadDatePickerField = preload(loadDatePickerField);
/** While the reminder form waits for its data. */
export const preloadTimeField = preload(loadTimeField);
