import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { toCourseService, WireCourseServiceSchema } from '../../../src/api/courseServices';

const parse = (wire: unknown) => toCourseService(v.parse(WireCourseServiceSchema, wire));

describe('course service from the wire', () => {
  it('names the embedded course and keeps the app-store codes', () => {
    expect(
      parse({
        id: 498,
        type: 'course_demo',
        title: 'Try a course',
        course_id: 5,
        course: {
          id: 5,
          title: 'Getting started',
          title_short: 'Start',
          description_short: 'Three days',
          version: 2,
        },
        appstore_products: [{ code: 'com.example.demo' }],
      }),
    ).toEqual({
      id: 498,
      type: 'course_demo',
      title: 'Try a course',
      courseId: 5,
      course: { id: 5, title: 'Getting started', caption: 'Start', excerpt: 'Three days' },
      appstoreProductCodes: ['com.example.demo'],
    });
  });

  it('takes the course id from the service when no course is embedded, and no codes when none come', () => {
    expect(parse({ id: 1, type: 'course_buy', title: 'Buy', course_id: 9, course: null })).toMatchObject({
      courseId: 9,
      course: null,
      appstoreProductCodes: [],
    });
    expect(parse({ id: 2, type: 'course_subscription', title: 'Club' })).toMatchObject({ courseId: null });
  });
});
