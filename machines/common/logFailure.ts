/**
 * An invoke's `onError` that reports the failed actor's error through the machine's `logError`
 * action (params `{ error }`), which its provide file wires to the platform's error reporting.
 */
export const LOG_FAILURE = {
  type: 'logError',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const;
