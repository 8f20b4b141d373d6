import type { BrandConfig } from '../../brands';

/**
 * Demo auto-enrolment at app start (shell spec, section 4 "Data load state"): when the brand makes
 * a demo accessible and names a demo service, a learner without any stream is enrolled in it.
 * Returns the service to enrol in, or null when there is nothing to do.
 */
export function demoServiceToEnrol(brand: BrandConfig, streamCount: number): number | null {
  if (!brand.flags.isDemoAccessible || streamCount > 0) return null;
  return brand.demoCourseServiceId ?? null;
}
