import type { BrandConfig, Language } from '../../brands/index';
import type { UserRow } from '../db/schema';

export interface Authenticated {
  user: UserRow;
  sessionId: number;
}

/** What every request carries once the request-context middleware has run. */
export interface AppEnv {
  Variables: {
    brand: BrandConfig;
    lang: Language;
    secureHeadersNonce?: string;
  };
}
