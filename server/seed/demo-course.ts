import { createHash, randomUUID } from 'node:crypto';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { stringify } from 'yaml';
import { runFfmpeg } from '../infra/media/ffmpeg';
import { makeTestVideo, writeTestSubtitles } from '../infra/media/test-media';
import { withFileLock } from './file-lock';
import { simplePdf } from './pdf';

/**
 * The demo course as a course folder (course.yaml and its media), generated with ffmpeg's test
 * picture and tones and imported by the same importer as any school's course. Generating and
 * transcoding take seconds, so the folder and the transcodes live in a cache under the system's
 * temporary folder, keyed by a hash of everything below: change the course and the key changes.
 */

interface DemoVideo {
  file: string;
  width: number;
  height: number;
  seconds: number;
  frequency: number;
}

const VIDEOS = {
  breathing: { file: 'videos/breathing.mp4', width: 320, height: 180, seconds: 10, frequency: 440 },
  breathingVertical: {
    file: 'videos/breathing-vertical.mp4',
    width: 180,
    height: 320,
    seconds: 10,
    frequency: 440,
  },
  breathingIntro: { file: 'videos/breathing-intro.mp4', width: 320, height: 180, seconds: 8, frequency: 660 },
  posture: { file: 'videos/posture.mp4', width: 320, height: 180, seconds: 12, frequency: 523 },
  balance: { file: 'videos/balance.mp4', width: 320, height: 180, seconds: 9, frequency: 587 },
  flow: { file: 'videos/flow.mp4', width: 320, height: 180, seconds: 11, frequency: 392 },
} satisfies Record<string, DemoVideo>;

/** Subtitle lines per language; cues change every two seconds. */
const SUBTITLES = {
  breathing: {
    en: [
      'Sit comfortably and relax your shoulders.',
      'Breathe in slowly through your nose.',
      'Hold for a moment.',
      'Breathe out through your mouth.',
      'Once more, slowly.',
    ],
    ru: [
      'Сядьте удобно и расслабьте плечи.',
      'Медленно вдохните через нос.',
      'Задержите дыхание на мгновение.',
      'Выдохните через рот.',
      'Ещё раз, медленно.',
    ],
    es: [
      'Siéntate cómodamente y relaja los hombros.',
      'Inspira despacio por la nariz.',
      'Mantén el aire un momento.',
      'Espira por la boca.',
      'Una vez más, despacio.',
    ],
  },
  posture: {
    en: [
      'Stand with your feet hip-width apart.',
      'Lengthen your spine.',
      'Let your arms hang loosely.',
      'Keep your chin level.',
      'Hold this posture.',
      'Well done.',
    ],
    ru: [
      'Встаньте, ноги на ширине бёдер.',
      'Вытяните позвоночник.',
      'Свободно опустите руки.',
      'Держите подбородок ровно.',
      'Удерживайте позу.',
      'Отлично.',
    ],
    es: [
      'Ponte de pie con los pies separados.',
      'Alarga la columna.',
      'Deja los brazos sueltos.',
      'Mantén la barbilla recta.',
      'Mantén la postura.',
      'Muy bien.',
    ],
  },
} as const;

const LANGUAGES = [
  { language: 'en', name: 'English' },
  { language: 'ru', name: 'Русский' },
  { language: 'es', name: 'Español' },
] as const;

const subtitlesOf = (lesson: keyof typeof SUBTITLES) =>
  LANGUAGES.map(({ language, name }) => ({ language, name, file: `subtitles/${lesson}.${language}.vtt` }));

const HANDBOOK = {
  title: 'Mindful Movement handbook',
  pages: [
    {
      heading: 'Mindful Movement',
      lines: [
        'Welcome! This handbook goes with the video lessons of the course.',
        'Each day has a theory lesson that explains the exercise',
        'and an execution lesson in which you do it along with the video.',
        '',
        'Rest days are part of the plan: your body adapts while you rest.',
      ],
    },
    {
      heading: 'Your daily routine',
      lines: [
        '1. Find a quiet place and put your phone on silent.',
        '2. Watch the theory lesson once.',
        '3. Do the execution lesson; repeat it as often as the day says.',
        '4. Mark the day as done in the app.',
      ],
    },
  ],
};

const lesson = (title: string, video: DemoVideo, extra: Record<string, unknown> = {}) => ({
  title,
  video: video.file,
  ...extra,
});

/** The manifest, as an author would write it. */
const MANIFEST = {
  title: 'Mindful Movement in 8 Days',
  caption: 'Mindful Movement',
  description:
    'Breathing, posture and balance in short daily sessions: two stages of practice with a rest day, ' +
    'theory lessons and exercises to follow along.',
  category: 'Wellness',
  complexity: 1,
  consultation_limit: 3,
  version: 1,
  demo: {
    documents_accessible: true,
    expert_message_enabled: false,
    user_message_enabled: true,
    offline_mode_accessible: false,
  },
  image: 'images/cover.jpg',
  background: 'images/background.jpg',
  demo_video: VIDEOS.breathingIntro.file,
  materials: [
    { title: 'Course handbook (PDF)', file: 'documents/handbook.pdf' },
    { title: 'Breathing guide on the web', url: 'https://example.com/breathing-guide' },
  ],
  stages: [
    {
      title: 'Foundations',
      days: [
        {
          title: 'Breathing basics',
          description: 'Learn calm, slow breathing: the base of every other exercise.',
          demo_accessible: true,
          lesson_sets: [
            {
              lessons: [
                lesson('Calm breathing (theory)', VIDEOS.breathing, {
                  description_video: VIDEOS.breathingIntro.file,
                  vertical_video: VIDEOS.breathingVertical.file,
                  subtitles: subtitlesOf('breathing'),
                }),
                lesson('Calm breathing (execution)', VIDEOS.flow),
              ],
            },
          ],
        },
        {
          title: 'Posture',
          description: 'Stand tall without strain.',
          opening_delay_days: 1,
          demo_accessible: true,
          lesson_sets: [
            {
              lessons: [
                lesson('Standing tall (theory)', VIDEOS.posture, { subtitles: subtitlesOf('posture') }),
                lesson('Standing tall (execution)', VIDEOS.balance),
              ],
            },
          ],
        },
        {
          title: 'Rest and recover',
          description: 'No lessons today.',
          rest_day: true,
          opening_delay_days: 2,
        },
        {
          title: 'Balance',
          description: 'Balance on one leg, then on the other.',
          opening_delay_days: 3,
          lesson_sets: [
            { lessons: [lesson('Finding balance (theory)', VIDEOS.balance)] },
            {
              repeat_count: 3,
              repeat_range: [2, 5],
              lessons: [lesson('Balance drill (execution)', VIDEOS.flow)],
            },
          ],
        },
      ],
    },
    {
      title: 'Practice',
      days: [
        {
          title: 'Breath and posture together',
          opening_delay_days: 4,
          lesson_sets: [
            {
              lessons: [
                lesson('Breathing while standing (execution)', VIDEOS.breathing, {
                  vertical_video: VIDEOS.breathingVertical.file,
                  subtitles: subtitlesOf('breathing'),
                }),
                lesson('Posture check (execution)', VIDEOS.posture),
              ],
            },
          ],
        },
        {
          title: 'Strength in stillness',
          opening_delay_days: 5,
          lesson_sets: [
            {
              repeat_count: 2,
              repeat_range: [1, 4],
              lessons: [lesson('Holding still (execution)', VIDEOS.balance)],
            },
          ],
        },
        {
          title: 'Flow',
          description: 'Join the movements into one flow. Optional.',
          opening_delay_days: 6,
          required_to_complete: false,
          lesson_sets: [{ lessons: [lesson('Moving flow (execution)', VIDEOS.flow)] }],
        },
        {
          title: 'Review',
          opening_delay_days: 7,
          lesson_sets: [
            {
              lessons: [
                lesson('What you have learned (theory)', VIDEOS.breathing, {
                  description_video: VIDEOS.breathingIntro.file,
                }),
                lesson('The whole routine (execution)', VIDEOS.posture),
              ],
            },
          ],
        },
      ],
    },
  ],
};

/** Bump when the generator's own code changes in a way the data above does not show. */
const GENERATOR_VERSION = 1;

/** Key of the cache folder: everything the generated folder depends on. */
export const DEMO_MEDIA_KEY = createHash('sha256')
  .update(JSON.stringify({ GENERATOR_VERSION, VIDEOS, SUBTITLES, HANDBOOK, MANIFEST }))
  .digest('hex')
  .slice(0, 16);

export const DEMO_COURSE_TITLE = MANIFEST.title;
/** Manifest paths of the course pictures, which the extra demo courses reuse. */
export const DEMO_IMAGES = { cover: MANIFEST.image, background: MANIFEST.background };

/** One picture of an ffmpeg test source, as JPEG. */
async function writePicture(path: string, source: string) {
  await runFfmpeg(['-f', 'lavfi', '-i', source, '-frames:v', '1', '-q:v', '4', '-y', path]);
}

async function writeDemoFolder(folder: string): Promise<void> {
  for (const sub of ['videos', 'subtitles', 'images', 'documents'])
    await mkdir(join(folder, sub), { recursive: true });
  for (const video of Object.values(VIDEOS)) await makeTestVideo(join(folder, video.file), video);
  for (const [lessonKey, byLanguage] of Object.entries(SUBTITLES)) {
    const seconds = lessonKey === 'posture' ? VIDEOS.posture.seconds : VIDEOS.breathing.seconds;
    for (const [language, lines] of Object.entries(byLanguage))
      await writeTestSubtitles(join(folder, 'subtitles', `${lessonKey}.${language}.vtt`), lines, seconds);
  }
  await writePicture(join(folder, MANIFEST.image), 'testsrc2=size=1280x720:rate=1');
  await writePicture(join(folder, MANIFEST.background), 'smptehdbars=size=1920x1080:rate=1');
  await writeFile(join(folder, 'documents/handbook.pdf'), simplePdf(HANDBOOK.title, HANDBOOK.pages));
  await writeFile(
    join(folder, 'course.yaml'),
    `# Demo course, generated by server/seed/demo-course.ts\n${stringify(MANIFEST)}`,
  );
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

export interface DemoCourseCache {
  /** The course folder to import. */
  folder: string;
  /** Where its transcodes are kept (see transcode-cache.ts). */
  transcodes: string;
}

/** The generated demo course folder, made once per machine and key; parallel callers wait for it. */
export async function demoCourseCache(
  root = join(tmpdir(), `learning-demo-media-${DEMO_MEDIA_KEY}`),
): Promise<DemoCourseCache> {
  const folder = join(root, 'course');
  const transcodes = join(root, 'transcodes');
  if (!(await exists(folder))) {
    await mkdir(root, { recursive: true });
    await withFileLock(join(root, 'course.lock'), async () => {
      if (await exists(folder)) return;
      const partial = join(dirname(folder), `.course-${randomUUID()}`);
      try {
        await writeDemoFolder(partial);
        await rename(partial, folder);
      } finally {
        await rm(partial, { recursive: true, force: true });
      }
    });
  }
  return { folder, transcodes };
}
