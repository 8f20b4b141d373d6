import type { ApiModule } from '../../http/route';

export const dayStatusesModule: ApiModule = {
  tag: 'day-statuses',
  description: "The learner's progress through days and lessons: day start and finish, lesson statistics.",
  routes: [],
};
