/** The wire speaks moments as whole seconds since the epoch. */
export const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
export const toSecondsOrNull = (date: Date | null) => (date ? toSeconds(date) : null);
