import type { Language } from '../../brands';

export type Gender = 'M' | 'F';

export type ExternalAuthSource = 'apple' | 'google' | 'facebook' | 'vkontakte';

export type UserExternalAuth = { id: number; source: ExternalAuthSource };

/** Learning statistics shown on the profile; every counter defaults to 0 (shell spec, section 3). */
export type UserCounters = {
  viewedHours: number;
  completedCourses: number;
  completedTasks: number;
  viewedLessons: number;
  referralOrders: number;
  cashback: number;
  discountForReferral: number;
  linkJumps: number;
  scoresAmount: number;
};

/**
 * The user in client form (shell spec, section 3). Text fields the server leaves empty are `''`
 * so forms can prefill without null checks; `birthday` is DD.MM.YYYY.
 */
export type User = {
  id: number;
  firstName: string;
  lastName: string;
  /** `''` for users who signed up with an app id and never gave an e-mail. */
  email: string;
  avatar: string | null;
  avatarFileId: number | null;
  phone: string;
  city: string;
  gender: Gender | null;
  birthday: string;
  instagramId: string;
  timezone: string;
  locale: string;
  languageCode: Language;
  disableNotification: boolean;
  requiredUpdatePassword: boolean;
  requiredUpdateProfile: boolean;
  isAdmin: boolean;
  /** A password is set; an account made with a social network has none until it sets one. */
  hasPassword: boolean;
  /** 10 active, 20/30/40 registration chat steps, 0 deleted. */
  status: number;
  userExternalAuths: UserExternalAuth[];
  counters: UserCounters;
};

export const EMPTY_COUNTERS: UserCounters = {
  viewedHours: 0,
  completedCourses: 0,
  completedTasks: 0,
  viewedLessons: 0,
  referralOrders: 0,
  cashback: 0,
  discountForReferral: 0,
  linkJumps: 0,
  scoresAmount: 0,
};

export const hasEmail = (user: Pick<User, 'email'>): boolean => user.email.trim() !== '';
