import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { runFfmpeg } from '../../server/infra/media/ffmpeg';
import { makeTestVideo, writeTestSubtitles } from '../../server/infra/media/test-media';
import { simplePdf } from '../../server/seed/pdf';

/**
 * A small course folder to import in tests: two 2-second videos (one landscape, one portrait
 * variant), English and Spanish subtitles, a cover picture (a video frame), a PDF and a link, in
 * two stages with a rest day. Short clips keep each import to a second or two.
 */

export const TINY_SECONDS = 2;

export const TINY_MANIFEST = {
  title: 'Tiny course',
  caption: 'Tiny',
  description: 'Two short lessons.',
  category: 'Tests',
  complexity: 2,
  consultation_limit: 1,
  version: 3,
  demo: { expert_message_enabled: false },
  image: 'cover.png',
  materials: [
    { title: 'Handbook', file: 'docs/handbook.pdf' },
    { title: 'Website', url: 'https://example.com/tiny' },
  ],
  stages: [
    {
      title: 'Start',
      days: [
        {
          title: 'First day',
          demo_accessible: true,
          lesson_sets: [
            {
              lessons: [
                {
                  title: 'Watch (theory)',
                  video: 'media/landscape.mp4',
                  vertical_video: 'media/portrait.mp4',
                  subtitles: [
                    { language: 'en', name: 'English', file: 'subs/en.vtt' },
                    { language: 'es', name: 'Español', file: 'subs/es.vtt' },
                  ],
                },
              ],
            },
          ],
        },
        { title: 'Rest', rest_day: true, opening_delay_days: 1 },
      ],
    },
    {
      title: 'Go on',
      days: [
        {
          title: 'Second day',
          opening_delay_hours: 36,
          repeat_count: 3,
          lesson_sets: [
            {
              repeat_count: 2,
              repeat_range: [1, 3],
              lessons: [
                { title: 'Again (execution)', video: 'media/landscape.mp4' },
                {
                  title: 'Upright (execution)',
                  video: 'media/portrait.mp4',
                  description_video: 'media/landscape.mp4',
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

/** Writes the tiny course into `folder` (created) with `manifest` as its course.yaml. */
export async function writeTinyCourse(folder: string, manifest: object = TINY_MANIFEST): Promise<void> {
  for (const sub of ['media', 'subs', 'docs']) await mkdir(join(folder, sub), { recursive: true });
  await makeTestVideo(join(folder, 'media/landscape.mp4'), {
    width: 320,
    height: 180,
    seconds: TINY_SECONDS,
  });
  await makeTestVideo(join(folder, 'media/portrait.mp4'), {
    width: 180,
    height: 320,
    seconds: TINY_SECONDS,
    frequency: 660,
  });
  await writeTestSubtitles(join(folder, 'subs/en.vtt'), ['Hello'], TINY_SECONDS);
  await writeTestSubtitles(join(folder, 'subs/es.vtt'), ['Hola'], TINY_SECONDS);
  // A PNG the probe reads as a picture: the first frame of a video, written by ffmpeg.
  await runFfmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=64x36:rate=1',
    '-frames:v',
    '1',
    '-y',
    join(folder, 'cover.png'),
  ]);
  await writeFile(
    join(folder, 'docs/handbook.pdf'),
    simplePdf('Handbook', [{ heading: 'Handbook', lines: ['Hi'] }]),
  );
  await writeFile(join(folder, 'course.yaml'), stringify(manifest));
}
