import { count } from 'drizzle-orm';
import { importCourse } from '../authoring/importer';
import type { Db } from '../db/client';
import { banners, communities, courseServices, userCommunities, userScores, users } from '../db/schema';
import type { Passwords } from '../infra/passwords';
import { demoCourseCache } from './demo-course';
import { seedLearnerStreams } from './demo-streams';
import { seedSupportCategories } from './support-categories';
import { cachedMediaTools } from './transcode-cache';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The demo accounts (README lists them); each password is "<name>-demo". */
export const DEMO_ACCOUNTS = {
  learner: { email: 'learner@example.com', password: 'learner-demo' },
  admin: { email: 'admin@example.com', password: 'admin-demo' },
  newpass: { email: 'newpass@example.com', password: 'newpass-demo' },
  profile: { email: 'profile@example.com', password: 'profile-demo' },
  /** No streams at all: signing in enrols them in the brand's demo course. */
  newcomer: { email: 'newcomer@example.com', password: 'newcomer-demo' },
} as const;

/** The brand's `demoCourseServiceId` (brands/brightpath.ts) and the full course's purchase. */
export const DEMO_COURSE_SERVICE_ID = 498;
export const DEMO_COURSE_BUY_SERVICE_ID = 499;

const englishUser = { status: 10, locale: 'en', languageCode: 'en-US', timezone: 'Europe/London' } as const;

/**
 * Fills an empty database (no users yet) with the demo accounts; the demo course, imported from its
 * generated folder into `mediaDir` like any course; a few small courses giving the learner a stream in
 * every status (demo-streams.ts); the course services, some points and a banner. Does nothing when
 * any user exists.
 */
export async function seedDemoData(db: Db, passwords: Passwords, mediaDir: string): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;

  const hashes = await Promise.all(Object.values(DEMO_ACCOUNTS).map((a) => passwords.hash(a.password)));
  const [learnerHash, adminHash, newpassHash, profileHash, newcomerHash] = hashes as [
    string,
    string,
    string,
    string,
    string,
  ];
  const now = Date.now();
  const demoCourse = await demoCourseCache();

  await db.transaction(async (tx) => {
    const [learner] = await tx
      .insert(users)
      .values([
        {
          ...englishUser,
          email: DEMO_ACCOUNTS.learner.email,
          passwordHash: learnerHash,
          name: 'Ada',
          lastName: 'Lovelace',
          phone: '+15551234567',
          city: 'London',
          gender: 'F',
          birthday: '10.12.1990',
        },
        {
          ...englishUser,
          email: DEMO_ACCOUNTS.admin.email,
          passwordHash: adminHash,
          name: 'Alan',
          lastName: 'Turing',
          phone: '+15551234568',
          isAdmin: 1,
        },
        {
          ...englishUser,
          email: DEMO_ACCOUNTS.newpass.email,
          passwordHash: newpassHash,
          name: 'Grace',
          lastName: 'Hopper',
          phone: '+15551234569',
          isRequireUpdatePassword: 1,
        },
        {
          ...englishUser,
          email: DEMO_ACCOUNTS.profile.email,
          passwordHash: profileHash,
          name: 'Edsger',
          isRequireUpdateProfile: 1,
        },
        {
          ...englishUser,
          email: DEMO_ACCOUNTS.newcomer.email,
          passwordHash: newcomerHash,
          name: 'Katherine',
          lastName: 'Johnson',
        },
      ])
      .returning({ id: users.id });
    if (!learner) throw new Error('seed: the learner was not created');

    const course = await importCourse(tx, mediaDir, demoCourse.folder, {
      tools: cachedMediaTools(demoCourse.transcodes),
    });
    await seedLearnerStreams(tx, learner.id, course, now);
    await tx.insert(courseServices).values([
      {
        id: DEMO_COURSE_SERVICE_ID,
        type: 'course_demo',
        title: 'Try Mindful Movement for free',
        courseId: course.courseId,
        accessDays: 30,
      },
      {
        id: DEMO_COURSE_BUY_SERVICE_ID,
        type: 'course_buy',
        title: 'Mindful Movement, the full course',
        courseId: course.courseId,
        accessDays: 365,
        appstoreProducts: [{ code: 'com.brightpath.mindful_movement' }],
      },
    ]);

    const [community] = await tx
      .insert(communities)
      .values({
        uniq: 'getting-started-club',
        title: 'Getting started club',
        slug: 'getting-started',
        courseIds: [course.courseId],
      })
      .returning({ id: communities.id });
    if (!community) throw new Error('seed: the community was not created');
    await tx.insert(userCommunities).values({
      userId: learner.id,
      communityId: community.id,
      startDate: new Date(now - 2 * DAY_MS),
      endDate: new Date(now + 60 * DAY_MS),
    });

    await tx.insert(userScores).values([
      { userId: learner.id, amount: 150, updatedAt: new Date(now - 2 * DAY_MS) },
      { userId: learner.id, amount: 100, updatedAt: new Date(now - DAY_MS) },
      { userId: learner.id, amount: -50, updatedAt: new Date(now - 60 * 60 * 1000) },
    ]);

    await tx.insert(banners).values({
      title: 'Welcome to your first course',
      type: 'info',
      sort: 1,
      platforms: ['desktop', 'mobile'],
      positions: [1],
    });
    await seedSupportCategories(tx);
  });
  return true;
}
