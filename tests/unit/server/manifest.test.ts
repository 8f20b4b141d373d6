import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { checkCourseFolder, ManifestError, parseManifest } from '../../../server/authoring/manifest';

/** A small picture in the given format. */
const picture = (format: 'png' | 'gif') =>
  sharp({ create: { width: 4, height: 3, channels: 3, background: '#3a7' } })
    .toFormat(format)
    .toBuffer();

/** A manifest using every field; tests change copies of it. */
const GOOD = {
  title: 'Mobility basics',
  caption: 'Mobility',
  description: 'Move better in ten minutes a day.',
  category: 'Health',
  complexity: 2,
  consultation_limit: 5,
  version: 4,
  demo: { documents_accessible: false, offline_mode_accessible: false },
  image: 'img/cover.png',
  background: 'img/background.png',
  demo_video: 'v/intro.mp4',
  materials: [
    { title: 'Workbook', file: 'docs/workbook.pdf' },
    { title: 'Community', url: 'https://example.com/community' },
  ],
  stages: [
    {
      title: 'Week one',
      days: [
        {
          title: 'Hips',
          description: 'Open the hips.',
          demo_accessible: true,
          lesson_sets: [
            {
              lessons: [
                {
                  title: 'Hips (theory)',
                  video: 'v/hips.mp4',
                  description_video: 'v/intro.mp4',
                  vertical_video: 'v/hips-vertical.mp4',
                  vertical_description_video: 'v/intro.mp4',
                  subtitles: [
                    { language: 'en', name: 'English', file: 'subs/hips.en.vtt' },
                    { language: 'pt-BR', name: 'Português', file: 'subs/hips.pt.vtt' },
                  ],
                },
              ],
            },
            {
              repeat_count: 3,
              repeat_range: [2, 4],
              lessons: [{ title: 'Hips (execution)', video: 'v/hips.mp4' }],
            },
          ],
        },
        { title: 'Rest', rest_day: true, opening_delay_days: 1 },
      ],
    },
    {
      title: 'Week two',
      days: [
        {
          title: 'Spine',
          opening_delay_hours: 30,
          required_to_complete: false,
          repeat_count: 2,
          lesson_sets: [{ lessons: [{ title: 'Spine (execution)', video: 'v/spine.mp4' }] }],
        },
      ],
    },
  ],
};

type Manifest = typeof GOOD;
const variant = (change: (m: Manifest & Record<string, unknown>) => void): string => {
  const copy = structuredClone(GOOD) as Manifest & Record<string, unknown>;
  change(copy);
  return stringify(copy);
};
const firstDay = (m: Manifest) =>
  m.stages[0]?.days[0] as Record<string, unknown> & Manifest['stages'][0]['days'][0];
const firstLesson = (m: Manifest) =>
  firstDay(m).lesson_sets?.[0]?.lessons[0] as Record<string, unknown> &
    NonNullable<Manifest['stages'][0]['days'][0]['lesson_sets']>[0]['lessons'][0];

/** The problems a manifest text is refused with (none when it parses). */
function problemsOf(text: string, fileName = 'course.yaml'): readonly string[] {
  try {
    parseManifest(text, fileName);
    return [];
  } catch (error) {
    if (!(error instanceof ManifestError)) throw error;
    return error.problems;
  }
}

describe('parseManifest', () => {
  it('turns a full YAML manifest into the typed draft', () => {
    const manifest = parseManifest(stringify(GOOD), 'course.yaml');
    expect(manifest).toMatchObject({
      title: 'Mobility basics',
      titleShort: 'Mobility',
      descriptionShort: 'Move better in ten minutes a day.',
      category: 'Health',
      complexity: 2,
      consultationLimit: 5,
      version: 4,
      isDemoDocumentsAccessible: false,
      isDemoExpertMessageEnabled: true,
      isDemoUserMessageEnabled: true,
      isDemoOfflineModeAccessible: false,
      image: 'img/cover.png',
      background: 'img/background.png',
      demoVideo: 'v/intro.mp4',
      materials: [
        { title: 'Workbook', file: 'docs/workbook.pdf', url: null },
        { title: 'Community', file: null, url: 'https://example.com/community' },
      ],
    });
    const [hips, rest] = manifest.stages[0]?.days ?? [];
    expect(hips).toMatchObject({
      title: 'Hips',
      descriptionShort: 'Open the hips.',
      dayOfRest: false,
      openingDelaySeconds: 0,
      isDemoAccessible: true,
      requiredToComplete: true,
      repeatCount: 1,
    });
    expect(hips?.lessonSets.map((s) => [s.repeatCount, s.userRepeatRangeFrom, s.userRepeatRangeTo])).toEqual([
      [1, null, null],
      [3, 2, 4],
    ]);
    expect(hips?.lessonSets[0]?.lessons[0]).toEqual({
      title: 'Hips (theory)',
      video: 'v/hips.mp4',
      descriptionVideo: 'v/intro.mp4',
      verticalVideo: 'v/hips-vertical.mp4',
      verticalDescriptionVideo: 'v/intro.mp4',
      subtitles: [
        { languageCode: 'en', name: 'English', file: 'subs/hips.en.vtt' },
        { languageCode: 'pt-BR', name: 'Português', file: 'subs/hips.pt.vtt' },
      ],
    });
    expect(rest).toMatchObject({ dayOfRest: true, openingDelaySeconds: 86_400, lessonSets: [] });
    expect(manifest.stages[1]?.days[0]).toMatchObject({
      openingDelaySeconds: 30 * 3600,
      requiredToComplete: false,
      repeatCount: 2,
    });
  });

  it('reads the same manifest as JSON, with the defaults for what it leaves out', () => {
    const minimal = {
      title: 'Short',
      stages: [
        { title: 'S', days: [{ title: 'D', lesson_sets: [{ lessons: [{ title: 'L', video: 'a.mp4' }] }] }] },
      ],
    };
    expect(parseManifest(JSON.stringify(minimal), 'course.json')).toEqual({
      title: 'Short',
      titleShort: '',
      descriptionShort: '',
      category: null,
      complexity: null,
      consultationLimit: null,
      version: 1,
      isDemoDocumentsAccessible: true,
      isDemoExpertMessageEnabled: true,
      isDemoUserMessageEnabled: true,
      isDemoOfflineModeAccessible: true,
      image: null,
      background: null,
      demoVideo: null,
      materials: [],
      stages: [
        {
          title: 'S',
          days: [
            {
              title: 'D',
              descriptionShort: '',
              dayOfRest: false,
              openingDelaySeconds: 0,
              isDemoAccessible: false,
              requiredToComplete: true,
              repeatCount: 1,
              lessonSets: [
                {
                  repeatCount: 1,
                  userRepeatRangeFrom: null,
                  userRepeatRangeTo: null,
                  lessons: [
                    {
                      title: 'L',
                      video: 'a.mp4',
                      descriptionVideo: null,
                      verticalVideo: null,
                      verticalDescriptionVideo: null,
                      subtitles: [],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
  });

  it('names unknown keys at any level', () => {
    expect(problemsOf(variant((m) => Object.assign(m, { colour: 'red' })))).toEqual([
      'colour: unknown key (check its spelling and level)',
    ]);
    expect(problemsOf(variant((m) => Object.assign(firstLesson(m), { poster: 'p.jpg' })))).toEqual([
      'stages[0].days[0].lesson_sets[0].lessons[0].poster: unknown key (check its spelling and level)',
    ]);
  });

  it('names missing and empty required fields', () => {
    expect(problemsOf(variant((m) => Reflect.deleteProperty(m, 'title')))).toEqual(['title: is required']);
    expect(problemsOf(variant((m) => Reflect.deleteProperty(firstLesson(m), 'video')))).toEqual([
      'stages[0].days[0].lesson_sets[0].lessons[0].video: is required',
    ]);
    expect(problemsOf(variant((m) => Object.assign(m.stages[1] as object, { title: '  ' })))).toEqual([
      'stages[1].title: must not be empty',
    ]);
    // Characters that show nothing (zero-width space, Hangul filler) make no title either.
    expect(problemsOf(variant((m) => Object.assign(firstDay(m), { title: '\u200b\u3164' })))).toEqual([
      'stages[0].days[0].title: must not be empty',
    ]);
    expect(problemsOf(variant((m) => Object.assign(m, { stages: [] })))).toEqual([
      'stages: must list at least one stage',
    ]);
    expect(problemsOf(variant((m) => Object.assign(firstDay(m), { lesson_sets: [] })))).toEqual([
      'stages[0].days[0].lesson_sets: a day that is not a rest day needs lessons',
    ]);
  });

  it('names wrong types and values out of range', () => {
    expect(problemsOf(variant((m) => Object.assign(m, { complexity: 'hard' })))).toEqual([
      'complexity: must be a number',
    ]);
    expect(problemsOf(variant((m) => Object.assign(m, { version: 0 })))).toEqual([
      'version: must be at least 1',
    ]);
    expect(problemsOf(variant((m) => Object.assign(firstDay(m), { rest_day: 'yes' })))).toEqual([
      'stages[0].days[0].rest_day: must be true or false',
    ]);
    expect(problemsOf(variant((m) => Object.assign(firstDay(m), { opening_delay_days: 1.5 })))).toEqual([
      'stages[0].days[0].opening_delay_days: must be a whole number',
    ]);
    expect(problemsOf(variant((m) => Object.assign(m, { title: 'a\u0000b' })))).toEqual([
      'title: must not hold control characters',
    ]);
    expect(problemsOf(variant((m) => Object.assign(m, { title: 'x'.repeat(256) })))).toEqual([
      'title: must be at most 255 characters',
    ]);
    // Characters, not UTF-16 units: 255 emoji fit, 256 do not.
    expect(problemsOf(variant((m) => Object.assign(m, { title: '\u{1f600}'.repeat(255) })))).toEqual([]);
    expect(problemsOf(variant((m) => Object.assign(m, { title: '\u{1f600}'.repeat(256) })))).toEqual([
      'title: must be at most 255 characters',
    ]);
  });

  it('takes a day repeat count from 1 to 1000 and names any other value', () => {
    const countOf = (repeatCount: number) =>
      parseManifest(
        variant((m) => Object.assign(firstDay(m), { repeat_count: repeatCount })),
        'course.yaml',
      ).stages[0]?.days[0]?.repeatCount;
    expect(countOf(1)).toBe(1);
    expect(countOf(1000)).toBe(1000);
    const refused: [unknown, string][] = [
      [0, 'must be at least 1'],
      [-2, 'must be at least 1'],
      [1001, 'must be at most 1000'],
      [1.5, 'must be a whole number'],
      ['twice', 'must be a number'],
      [null, 'must be a number'],
    ];
    for (const [value, problem] of refused) {
      expect(
        problemsOf(variant((m) => Object.assign(firstDay(m), { repeat_count: value }))),
        String(value),
      ).toEqual([`stages[0].days[0].repeat_count: ${problem}`]);
    }
  });

  it('refuses a day with both kinds of delay and a repeat range that ends before it starts', () => {
    expect(
      problemsOf(
        variant((m) => {
          Object.assign(firstDay(m), { opening_delay_days: 1, opening_delay_hours: 2 });
          Object.assign(firstDay(m).lesson_sets?.[1] as object, { repeat_range: [4, 2] });
        }),
      ),
    ).toEqual([
      'stages[0].days[0].lesson_sets[1].repeat_range: must not end before it starts',
      'stages[0].days[0].opening_delay_hours: give opening_delay_days or opening_delay_hours, not both',
    ]);
    expect(
      problemsOf(
        variant((m) => Object.assign(firstDay(m).lesson_sets?.[1] as object, { repeat_range: [1] })),
      ),
    ).toEqual(['stages[0].days[0].lesson_sets[1].repeat_range[1]: is required']);
    expect(
      problemsOf(variant((m) => Object.assign(firstDay(m).lesson_sets?.[1] as object, { repeat_range: 3 }))),
    ).toEqual(['stages[0].days[0].lesson_sets[1].repeat_range: must be a pair [from, to]']);
  });

  it('keeps a lesson set repeat count within its range, and takes the range start without a count', () => {
    const set = (change: object) =>
      variant((m) => Object.assign(firstDay(m).lesson_sets?.[1] as object, change));
    expect(problemsOf(set({ repeat_count: 7, repeat_range: [2, 5] }))).toEqual([
      'stages[0].days[0].lesson_sets[1].repeat_count: must lie within repeat_range (2 to 5)',
    ]);
    expect(problemsOf(set({ repeat_count: 1, repeat_range: [2, 5] }))).toEqual([
      'stages[0].days[0].lesson_sets[1].repeat_count: must lie within repeat_range (2 to 5)',
    ]);
    expect(problemsOf(set({ repeat_range: [1, 2, 3] }))).toEqual([
      'stages[0].days[0].lesson_sets[1].repeat_range[2]: must be a pair [from, to]',
    ]);
    const withoutCount = variant((m) => {
      const second = firstDay(m).lesson_sets?.[1] as Record<string, unknown>;
      delete second.repeat_count;
    });
    const lessonSet = parseManifest(withoutCount, 'course.yaml').stages[0]?.days[0]?.lessonSets[1];
    expect(lessonSet).toMatchObject({ repeatCount: 2, userRepeatRangeFrom: 2, userRepeatRangeTo: 4 });
  });

  it('refuses direction controls and tabs in titles, as the API refuses them in one-line fields', () => {
    expect(problemsOf(variant((m) => Object.assign(m, { title: 'abc\u202Edef' })))).toEqual([
      'title: must not hold direction controls',
    ]);
    expect(problemsOf(variant((m) => Object.assign(firstLesson(m), { title: 'a\u2066b' })))).toEqual([
      'stages[0].days[0].lesson_sets[0].lessons[0].title: must not hold direction controls',
    ]);
    expect(problemsOf(variant((m) => Object.assign(m, { caption: 'a\tb' })))).toEqual([
      'caption: must be one line',
    ]);
    // A description may hold several lines and right-to-left text; only controls are refused there.
    expect(problemsOf(variant((m) => Object.assign(m, { description: 'שלום\nעולם' })))).toEqual([]);
  });

  it('needs a material to have a file or a url, not both, and a url to be http(s)', () => {
    expect(problemsOf(variant((m) => Object.assign(m, { materials: [{ title: 'Nothing' }] })))).toEqual([
      'materials[0]: needs either file or url (one of them)',
    ]);
    expect(
      problemsOf(
        variant((m) =>
          Object.assign(m, { materials: [{ title: 'Both', file: 'a.pdf', url: 'https://a.b' }] }),
        ),
      ),
    ).toEqual(['materials[0]: needs either file or url (one of them)']);
    expect(
      problemsOf(
        variant((m) => Object.assign(m, { materials: [{ title: 'Script', url: 'javascript:alert(1)' }] })),
      ),
    ).toEqual(['materials[0].url: must be an http or https URL']);
  });

  it('keeps every file inside the course folder', () => {
    expect(problemsOf(variant((m) => Object.assign(firstLesson(m), { video: '../other/x.mp4' })))).toEqual([
      'stages[0].days[0].lesson_sets[0].lessons[0].video: must be a path inside the course folder',
    ]);
    expect(problemsOf(variant((m) => Object.assign(m, { image: '/etc/passwd' })))).toEqual([
      'image: must be a path inside the course folder',
    ]);
    // Names the media route would not serve: the import refuses them rather than store dead links.
    expect(problemsOf(variant((m) => Object.assign(m, { image: 'pictures\\cover.png' })))).toEqual([
      'image: must separate folders with /',
    ]);
    expect(problemsOf(variant((m) => Object.assign(m, { image: 'pictures/.cover.png' })))).toEqual([
      'image: must name a file whose name does not start with a dot',
    ]);
  });

  it('reads every spelling of one path as that path', () => {
    const spelt = parseManifest(
      variant((m) => Object.assign(firstLesson(m), { video: './v//hips.mp4' })),
      'course.yaml',
    );
    expect(spelt.stages[0]?.days[0]?.lessonSets[0]?.lessons[0]?.video).toBe('v/hips.mp4');
  });

  it('checks subtitle languages and names', () => {
    const subtitles = (list: object[]) => variant((m) => Object.assign(firstLesson(m), { subtitles: list }));
    expect(problemsOf(subtitles([{ language: 'English', name: 'English', file: 'a.vtt' }]))).toEqual([
      'stages[0].days[0].lesson_sets[0].lessons[0].subtitles[0].language: must be a language code such as en or pt-BR',
    ]);
    expect(
      problemsOf(
        subtitles([
          { language: 'en', name: 'English', file: 'a.vtt' },
          { language: 'en', name: 'English 2', file: 'b.vtt' },
        ]),
      ),
    ).toEqual(['stages[0].days[0].lesson_sets[0].lessons[0].subtitles: must not give a language twice']);
    // Language tags ignore case: each is stored in its canonical case, and a repeat in another case is one.
    const cased = parseManifest(
      subtitles([
        { language: 'EN', name: 'English', file: 'a.vtt' },
        { language: 'pt-br', name: 'Português', file: 'b.vtt' },
      ]),
      'course.yaml',
    );
    expect(cased.stages[0]?.days[0]?.lessonSets[0]?.lessons[0]?.subtitles.map((s) => s.languageCode)).toEqual(
      ['en', 'pt-BR'],
    );
    expect(
      problemsOf(
        subtitles([
          { language: 'en', name: 'English', file: 'a.vtt' },
          { language: 'EN', name: 'English 2', file: 'b.vtt' },
        ]),
      ),
    ).toEqual(['stages[0].days[0].lesson_sets[0].lessons[0].subtitles: must not give a language twice']);
    expect(problemsOf(subtitles([{ language: 'en', name: 'Say "hi"', file: 'a.vtt' }]))).toEqual([
      'stages[0].days[0].lesson_sets[0].lessons[0].subtitles[0].name: must not hold a double quote',
    ]);
  });

  it('refuses text that is not YAML, repeated keys and a manifest that is not an object', () => {
    expect(problemsOf('title: [unclosed')[0]).toMatch(/^course\.yaml: cannot be read: /);
    expect(problemsOf('title: A\ntitle: B\n')[0]).toMatch(/^course\.yaml: cannot be read: .*unique/i);
    expect(problemsOf('{"title": ', 'course.json')[0]).toMatch(/^course\.json: cannot be read: /);
    expect(problemsOf('{"title": "A", "stages": [{"title": "B", "title": "C"}]}', 'course.json')).toEqual([
      'course.json: cannot be read: a key is given twice in one object (in "stages")',
    ]);
    expect(problemsOf('- just\n- a list\n')).toEqual([
      'course.yaml: must be a mapping of fields (title, stages, ...)',
    ]);
    expect(problemsOf('')).toEqual(['course.yaml: must be a mapping of fields (title, stages, ...)']);
  });
});

describe('loadManifest', () => {
  let folder: string;
  let png: Buffer;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'manifest-test-'));
    png = await picture('png');
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  /** A course folder holding `manifest` and the files of GOOD (contents other than pictures are only checked for kind). */
  async function courseFolder(name: string, manifest: string, skip: readonly string[] = []): Promise<string> {
    const root = join(folder, name);
    const files: Record<string, string | Buffer> = {
      'img/cover.png': png,
      'img/background.png': png,
      'v/intro.mp4': 'video bytes',
      'v/hips.mp4': 'video bytes',
      'v/hips-vertical.mp4': 'video bytes',
      'v/spine.mp4': 'video bytes',
      'docs/workbook.pdf': '%PDF-1.4',
      'subs/hips.en.vtt': 'WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n',
      'subs/hips.pt.vtt': '\uFEFFWEBVTT\n\n00:00.000 --> 00:01.000\nOi\n',
    };
    for (const [path, content] of Object.entries(files)) {
      if (skip.includes(path)) continue;
      await mkdir(join(root, path, '..'), { recursive: true });
      await writeFile(join(root, path), content);
    }
    await writeFile(join(root, 'course.yaml'), manifest);
    return root;
  }

  const loadProblems = (root: string) =>
    checkCourseFolder(root).then(
      (checked) => checked.problems,
      (error: unknown) => {
        if (!(error instanceof ManifestError)) throw error;
        return error.problems;
      },
    );

  it('lists every file the manifest names once the files are all there', async () => {
    const { manifest, references, problems } = await checkCourseFolder(
      await courseFolder('good', stringify(GOOD)),
    );
    expect(problems).toEqual([]);
    expect(manifest?.title).toBe('Mobility basics');
    expect(references.map((r) => `${r.kind} ${r.field}`)).toEqual([
      'image image',
      'image background',
      'video demo_video',
      'document materials[0].file',
      'video stages[0].days[0].lesson_sets[0].lessons[0].video',
      'video stages[0].days[0].lesson_sets[0].lessons[0].description_video',
      'video stages[0].days[0].lesson_sets[0].lessons[0].vertical_video',
      'video stages[0].days[0].lesson_sets[0].lessons[0].vertical_description_video',
      'subtitle stages[0].days[0].lesson_sets[0].lessons[0].subtitles[0].file',
      'subtitle stages[0].days[0].lesson_sets[0].lessons[0].subtitles[1].file',
      'video stages[0].days[0].lesson_sets[1].lessons[0].video',
      'video stages[1].days[0].lesson_sets[0].lessons[0].video',
    ]);
  });

  it('names each missing file with its field', async () => {
    const root = await courseFolder('missing', stringify(GOOD), ['v/spine.mp4', 'docs/workbook.pdf']);
    expect(await loadProblems(root)).toEqual([
      'materials[0].file: file not found: docs/workbook.pdf',
      'stages[1].days[0].lesson_sets[0].lessons[0].video: file not found: v/spine.mp4',
    ]);
  });

  it('refuses a subtitle that is not WebVTT, a picture that is not one, a folder and an empty file', async () => {
    const root = await courseFolder('kinds', stringify(GOOD));
    await writeFile(join(root, 'subs/hips.en.vtt'), '1\n00:00:00,000 --> 00:00:01,000\nHi\n');
    await writeFile(join(root, 'img/background.png'), 'not a picture');
    await writeFile(join(root, 'v/intro.mp4'), '');
    await rm(join(root, 'v/spine.mp4'));
    await mkdir(join(root, 'v/spine.mp4'));
    expect(await loadProblems(root)).toEqual([
      'background: not a picture of the kind its name says (.png, .jpg, .jpeg, .webp, .gif): img/background.png',
      'demo_video: file is empty: v/intro.mp4',
      'stages[0].days[0].lesson_sets[0].lessons[0].description_video: file is empty: v/intro.mp4',
      'stages[0].days[0].lesson_sets[0].lessons[0].vertical_description_video: file is empty: v/intro.mp4',
      'stages[0].days[0].lesson_sets[0].lessons[0].subtitles[0].file: not a WebVTT file (it must start with WEBVTT): subs/hips.en.vtt',
      'stages[1].days[0].lesson_sets[0].lessons[0].video: not a file: v/spine.mp4',
    ]);
  });

  it('refuses a picture that only starts like one, one cut short, and one its name calls another kind', async () => {
    const root = await courseFolder(
      'pictures',
      variant((m) => Object.assign(m, { image: 'img/cover.jpg' })),
    );
    await writeFile(join(root, 'img/cover.jpg'), await picture('gif'));
    await writeFile(join(root, 'img/background.png'), png.subarray(0, png.length - 20));
    const kinds = '(.png, .jpg, .jpeg, .webp, .gif)';
    expect(await loadProblems(root)).toEqual([
      `image: not a picture of the kind its name says ${kinds}: img/cover.jpg`,
      `background: not a picture of the kind its name says ${kinds}: img/background.png`,
    ]);
    await writeFile(join(root, 'img/background.png'), Buffer.from('GIF89a-not'));
    await writeFile(join(root, 'img/cover.jpg'), Buffer.concat([Buffer.from('ffd8ff', 'hex'), png]));
    expect(await loadProblems(root)).toEqual([
      `image: not a picture of the kind its name says ${kinds}: img/cover.jpg`,
      `background: not a picture of the kind its name says ${kinds}: img/background.png`,
    ]);
    await writeFile(join(root, 'img/cover.jpg'), await sharp(png).jpeg().toBuffer());
    await writeFile(join(root, 'img/background.png'), png);
    expect(await loadProblems(root)).toEqual([]);
  });

  it('refuses a document that is not the PDF or ZIP archive its name says, and takes other kinds as named', async () => {
    const materials = [
      { title: 'Fake', file: 'docs/fake.pdf' },
      { title: 'Late header', file: 'docs/late.pdf' },
      { title: 'Slides', file: 'docs/slides.PPTX' },
      { title: 'Workbook', file: 'docs/workbook.pdf' },
      { title: 'Sheet', file: 'docs/sheet.xlsx' },
      { title: 'Notes', file: 'docs/notes.txt' },
    ];
    const root = await courseFolder(
      'documents',
      variant((m) => Object.assign(m, { materials })),
    );
    await writeFile(join(root, 'docs/fake.pdf'), 'not a pdf at all');
    // Readers find the header within the first 1024 bytes: 1019 bytes before it are the most.
    await writeFile(join(root, 'docs/late.pdf'), `${' '.repeat(1020)}%PDF-1.7`);
    await writeFile(join(root, 'docs/slides.PPTX'), '%PDF-1.4');
    await writeFile(join(root, 'docs/sheet.xlsx'), Buffer.from('504b0304140000000800', 'hex'));
    await writeFile(join(root, 'docs/notes.txt'), 'plain text has no signature');
    expect(await loadProblems(root)).toEqual([
      'materials[0].file: not a PDF, as a .pdf file is (it must hold %PDF- in its first 1024 bytes): docs/fake.pdf',
      'materials[1].file: not a PDF, as a .pdf file is (it must hold %PDF- in its first 1024 bytes): docs/late.pdf',
      'materials[2].file: not a ZIP archive, as a .pptx file is (it must start with PK): docs/slides.PPTX',
    ]);
    await writeFile(join(root, 'docs/late.pdf'), `${' '.repeat(1019)}%PDF-1.7`);
    await writeFile(join(root, 'docs/slides.PPTX'), Buffer.from('504b0304140000000800', 'hex'));
    expect(await loadProblems(root)).toEqual([
      'materials[0].file: not a PDF, as a .pdf file is (it must hold %PDF- in its first 1024 bytes): docs/fake.pdf',
    ]);
  });

  it('checks the files of a manifest whose shape is wrong, and tells both at once', async () => {
    const manifest = variant((m) => {
      Object.assign(m, { colour: 'red', background: '/etc/passwd' });
      firstDay(m).title = '';
    });
    const root = await courseFolder('shape-and-files', manifest, ['v/spine.mp4']);
    await writeFile(join(root, 'subs/hips.en.vtt'), 'WEBVTT\n\nnot subtitles\n');
    const checked = await checkCourseFolder(root);
    expect(checked.manifest).toBeNull();
    expect(checked.problems).toEqual([
      'background: must be a path inside the course folder',
      'stages[0].days[0].title: must not be empty',
      'colour: unknown key (check its spelling and level)',
      'stages[0].days[0].lesson_sets[0].lessons[0].subtitles[0].file: a WebVTT file without any cue: subs/hips.en.vtt',
      'stages[1].days[0].lesson_sets[0].lessons[0].video: file not found: v/spine.mp4',
    ]);
    // The files that are there and of their kind, for the importer to probe.
    expect(checked.references.map((ref) => ref.file)).not.toContain('v/spine.mp4');
    expect(checked.references.map((ref) => ref.file)).toContain('v/hips.mp4');
  });

  it('refuses a symbolic link that leads out of the folder, and follows one that stays inside', async () => {
    const outside = join(folder, 'outside');
    await mkdir(outside);
    await writeFile(join(outside, 'workbook.pdf'), 'not for learners');
    await writeFile(join(outside, 'hips.mp4'), 'video bytes');
    const root = await courseFolder('links', stringify(GOOD));
    await rm(join(root, 'docs'), { recursive: true });
    await rm(join(root, 'v/hips.mp4'));
    await rm(join(root, 'v/intro.mp4'));
    // A linked folder on the way, and a linked file.
    await symlink(outside, join(root, 'docs'));
    await symlink(join(outside, 'hips.mp4'), join(root, 'v/hips.mp4'));
    // Relative, and inside the folder: allowed.
    await symlink('spine.mp4', join(root, 'v/intro.mp4'));
    const out = '(a symbolic link leads out of it)';
    expect(await loadProblems(root)).toEqual([
      `materials[0].file: must be a path inside the course folder ${out}: docs/workbook.pdf`,
      `stages[0].days[0].lesson_sets[0].lessons[0].video: must be a path inside the course folder ${out}: v/hips.mp4`,
      `stages[0].days[0].lesson_sets[1].lessons[0].video: must be a path inside the course folder ${out}: v/hips.mp4`,
    ]);
  });

  it('refuses two different subtitle files for one language of one video', async () => {
    const manifest = variant((m) => {
      const second = firstDay(m).lesson_sets?.[1]?.lessons[0] as Record<string, unknown>;
      second.subtitles = [{ language: 'en', name: 'English', file: 'subs/hips.pt.vtt' }];
    });
    expect(await loadProblems(await courseFolder('conflict', manifest))).toEqual([
      'stages[0].days[0].lesson_sets[1].lessons[0].subtitles[0].file: v/hips.mp4 already has en subtitles from subs/hips.en.vtt',
    ]);
  });

  it('says when the folder does not exist or is a file', async () => {
    const nowhere = join(folder, 'nowhere');
    expect(await loadProblems(nowhere)).toEqual([`${nowhere}: the folder does not exist`]);
    const root = await courseFolder('a-file', stringify(GOOD));
    expect(await loadProblems(join(root, 'course.yaml'))).toEqual([
      `${join(root, 'course.yaml')}: not a folder (name the course folder, not a file in it)`,
    ]);
  });

  it('refuses a manifest that is not UTF-8, and reads one that starts with a byte order mark', async () => {
    const latin1 = await courseFolder('latin1', stringify(GOOD).replace(/^title: .*$/m, 'title: caf\u00e9'));
    await writeFile(
      join(latin1, 'course.yaml'),
      Buffer.from(stringify({ ...GOOD, title: 'caf\u00e9' }), 'latin1'),
    );
    expect(await loadProblems(latin1)).toEqual([
      `${join(latin1, 'course.yaml')}: not UTF-8 text (save the manifest as UTF-8)`,
    ]);
    const bom = await courseFolder('bom', stringify(GOOD));
    await rm(join(bom, 'course.yaml'));
    await writeFile(join(bom, 'course.json'), `\uFEFF${JSON.stringify({ ...GOOD, title: 'café' })}`);
    const checked = await checkCourseFolder(bom);
    expect(checked.problems).toEqual([]);
    expect(checked.manifest?.title).toBe('café');
  });

  it('needs exactly one manifest in the folder', async () => {
    const empty = join(folder, 'empty');
    await mkdir(empty);
    expect((await loadProblems(empty))[0]).toMatch(
      /no course manifest \(course\.yaml, course\.yml, course\.json\)/,
    );
    const twice = await courseFolder('twice', stringify(GOOD));
    await writeFile(join(twice, 'course.json'), JSON.stringify(GOOD));
    expect((await loadProblems(twice))[0]).toMatch(
      /several manifests \(course\.yaml, course\.json\); keep one/,
    );
  });
});
