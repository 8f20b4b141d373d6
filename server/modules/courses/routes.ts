import type { ApiModule } from '../../http/route';

export const coursesModule: ApiModule = {
  tag: 'courses',
  description: "Courses as the learner's streams reach them: stages, days, lessons, documents and versions.",
  routes: [],
};
