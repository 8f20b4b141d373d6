/**
 * When already loaded data is re-synced (shell spec, section 4 "Data load state"): on coming back
 * online, and when the tab is shown again after it was hidden long enough for the data to be stale.
 */

/** A tab hidden at least this long (5 minutes) refetches the user and the streams when shown. */
export const DATA_SYNC_AFTER_HIDDEN_MS = 300_000;

export const isStaleAfterHidden = (hiddenForMs: number): boolean => hiddenForMs >= DATA_SYNC_AFTER_HIDDEN_MS;
