import { describe, expect, it } from 'vitest';
import { brightpath } from '../../../brands/brightpath';
import { kite } from '../../../brands/kite';
import { demoServiceToEnrol } from '../../../src/domain/demoEnrolment';

describe('demo auto-enrolment', () => {
  it("enrols a learner without streams in the brand's demo service", () => {
    expect(brightpath.flags.isDemoAccessible).toBe(true);
    expect(demoServiceToEnrol(brightpath, 0)).toBe(498);
  });

  it('leaves a learner with any stream alone', () => {
    expect(demoServiceToEnrol(brightpath, 1)).toBeNull();
    expect(demoServiceToEnrol(brightpath, 3)).toBeNull();
  });

  it('needs the demo to be accessible and a service to be named', () => {
    expect(
      demoServiceToEnrol({ ...brightpath, flags: { ...brightpath.flags, isDemoAccessible: false } }, 0),
    ).toBeNull();
    expect(demoServiceToEnrol({ ...brightpath, demoCourseServiceId: undefined }, 0)).toBeNull();
    expect(demoServiceToEnrol(kite, 0)).toBeNull();
  });
});
