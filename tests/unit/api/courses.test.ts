import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { toCourse, toStage, WireCourseSchema, WireStageSchema } from '../../../src/api/courses';

const image = {
  id: 4,
  type: 2,
  name: 'cover.jpg',
  url: '/media/files/4/cover.jpg',
  mime_type: 'image/jpeg',
  size_bytes: 1000,
  urls: {
    small: '/media/files/4/cover.jpg',
    medium: '/media/files/4/cover.jpg',
    large: '/media/files/4/cover.jpg',
  },
  created_at: 1,
  updated_at: 1,
};

describe('courses wire', () => {
  it('turns a course into the client entity, its documents sorted', () => {
    const course = toCourse(
      v.parse(WireCourseSchema, {
        id: 2,
        title: 'Strong back',
        title_short: 'Back',
        description_short: 'Ten minutes a day',
        category: null,
        category_id: null,
        complexity: null,
        consultation_limit: 3,
        main_image: image,
        background_image: null,
        demo_video_file_id: null,
        version: 4,
        created_at: 1,
        updated_at: 1,
        is_demo_documents_accessible: 1,
        is_demo_expert_message_enabled: 0,
        is_demo_user_message_enabled: 0,
        is_demo_offline_mode_accessible: 0,
        training_options: [],
        documents: [
          { id: 8, title: 'Plan', url: null, file: { ...image, id: 8, type: 4, urls: null }, sort: 2 },
          { id: 7, title: 'Site', url: 'https://example.com/plan', file: null, sort: 1 },
        ],
      }),
    );
    expect(course).toMatchObject({
      id: 2,
      title: 'Strong back',
      titleShort: 'Back',
      excerpt: 'Ten minutes a day',
      consultationLimit: 3,
      version: 4,
      isDemoDocumentsAccessible: true,
      mainImage: { id: 4, type: 'image', url: '/media/files/4/cover.jpg', mimeType: 'image/jpeg' },
    });
    expect(course.documents?.map((document) => [document.id, document.file?.type ?? null])).toEqual([
      [7, null],
      [8, 'document'],
    ]);
  });

  it('leaves documents unknown (null) when they were not asked for', () => {
    const course = toCourse(v.parse(WireCourseSchema, { id: 1, title: 'A', version: 1 }));
    expect(course.documents).toBeNull();
  });

  it('keeps a stage’s day ids in their order', () => {
    const wire = {
      id: 3,
      course_id: 2,
      title: 'Week 1',
      sort: 1,
      days: [12, 11],
      course_stage_homeworks: [],
    };
    expect(toStage(v.parse(WireStageSchema, wire))).toEqual({
      id: 3,
      courseId: 2,
      title: 'Week 1',
      sort: 1,
      dayIds: [12, 11],
    });
  });
});
