import type { ApiClient } from '../../api/client';
import { enrolInDemo, fetchCourseService } from '../../api/courseServices';

/**
 * The demo auto-enrolment's calls (the app machine's demo steps), loaded only for a learner who gets
 * enrolled. The machine enters those steps only with a service id; a missing one fails the step like
 * a refused call.
 */
function demoServiceId({ serviceId }: { serviceId: number | null }): number {
  if (serviceId === null) throw new Error('demo enrolment without a demo service id');
  return serviceId;
}

export const enrolInDemoService = (api: ApiClient, input: { serviceId: number | null }) =>
  enrolInDemo(api, demoServiceId(input));

export const fetchDemoService = (api: ApiClient, input: { serviceId: number | null }) =>
  fetchCourseService(api, demoServiceId(input));
