import type { ApiModule } from '../../http/route';

export const courseServicesModule: ApiModule = {
  tag: 'course-services',
  description: "What a school offers (services) and the demo enrolment.",
  routes: [],
};
