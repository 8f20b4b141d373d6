/**
 * The notice about the previous learner site (docs/SUPPORT.md): shown on the home page while the
 * brand names the old site and, when it names a last day, until that day has passed; "Got it" hides
 * it for that learner on that browser.
 */

export type OldCabinet = { url: string; until: string | null };

/** The old site as the brand configures it, or null while the brand names none or its last day has passed. */
export function oldCabinetOf(
  brand: { oldCabinetUrl?: string; oldCabinetUntil?: string },
  today: string,
): OldCabinet | null {
  if (!brand.oldCabinetUrl) return null;
  const until = brand.oldCabinetUntil ?? null;
  if (until !== null && until < today) return null;
  return { url: brand.oldCabinetUrl, until };
}

/** The local-storage key remembering "Got it", per learner (several may share a browser). */
export const oldCabinetDismissedKey = (userId: number) => `lp-old-cabinet-dismissed:${userId}`;
