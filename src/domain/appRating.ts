/**
 * The app rating prompt ("Enjoying {brand}?"). The server decides when it is due (after the learner's
 * third finished day; again 30 days after "Not now"; never after a rating or "Don't ask again"), so
 * an answer given on one device holds on every other.
 */

export type AppRatingState = { due: boolean };

export type AppRatingAnswer =
  | { answer: 'rated'; rating: number; comment: string | null }
  | { answer: 'later' }
  | { answer: 'never' };

export const RATING_STARS = [1, 2, 3, 4, 5] as const;

/** The optional comment's limit (the server's column check). */
export const RATING_COMMENT_MAX_LENGTH = 1000;
