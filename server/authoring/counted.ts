/** A count with its noun, singular for one ("1 stage", "2 stages"), as the admin commands print them. */
export const counted = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;
