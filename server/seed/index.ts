import { count } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  banners,
  communities,
  courseStages,
  courses,
  lessons,
  stageDays,
  userCommunities,
  userCourseStreams,
  userScores,
  users,
} from '../db/schema';
import type { Passwords } from '../infra/passwords';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The demo accounts (README lists them); each password is "<name>-demo". */
export const DEMO_ACCOUNTS = {
  learner: { email: 'learner@example.com', password: 'learner-demo' },
  admin: { email: 'admin@example.com', password: 'admin-demo' },
  newpass: { email: 'newpass@example.com', password: 'newpass-demo' },
  profile: { email: 'profile@example.com', password: 'profile-demo' },
} as const;

const englishUser = { status: 10, locale: 'en', languageCode: 'en-US', timezone: 'Europe/London' } as const;

/**
 * Fills an empty database (no users yet) with the demo accounts, one small course with an open
 * stream for the learner, some points and a banner. Does nothing when any user exists.
 */
export async function seedDemoData(db: Db, passwords: Passwords): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;

  const hashes = await Promise.all(Object.values(DEMO_ACCOUNTS).map((a) => passwords.hash(a.password)));
  const [learnerHash, adminHash, newpassHash, profileHash] = hashes as [string, string, string, string];
  const now = Date.now();

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
      ])
      .returning({ id: users.id });
    if (!learner) throw new Error('seed: the learner was not created');

    const [course] = await tx
      .insert(courses)
      .values({ title: 'Getting started', version: 1 })
      .returning({ id: courses.id });
    if (!course) throw new Error('seed: the course was not created');
    const [stage] = await tx
      .insert(courseStages)
      .values({ courseId: course.id, title: 'First steps', sort: 1 })
      .returning({ id: courseStages.id });
    if (!stage) throw new Error('seed: the stage was not created');
    const days = await tx
      .insert(stageDays)
      .values([1, 2, 3].map((dayNumber) => ({ stageId: stage.id, dayNumber, title: `Day ${dayNumber}` })))
      .returning({ id: stageDays.id, dayNumber: stageDays.dayNumber });
    await tx
      .insert(lessons)
      .values(
        days.flatMap((day) =>
          [1, 2].map((sort) => ({ dayId: day.id, sort, title: `Day ${day.dayNumber}, lesson ${sort}` })),
        ),
      );

    await tx.insert(userCourseStreams).values({
      userId: learner.id,
      courseId: course.id,
      startDate: new Date(now - 2 * DAY_MS),
      endDate: new Date(now + 60 * DAY_MS),
      status: 'active',
      courseVersion: 1,
      courseFullAccess: 1,
      mobileAccess: 1,
      completeDaysCount: 1,
    });

    const [community] = await tx
      .insert(communities)
      .values({
        uniq: 'getting-started-club',
        title: 'Getting started club',
        slug: 'getting-started',
        courseIds: [course.id],
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
  });
  return true;
}
