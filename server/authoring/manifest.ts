import { access, open, readFile, realpath, stat } from 'node:fs/promises';
import { extname, isAbsolute, join, posix, relative, resolve, sep } from 'node:path';
import sharp from 'sharp';
import * as v from 'valibot';
import { parse as parseYaml } from 'yaml';
import { hasControlCharacters, hasDirectionControls, hasLineBreaks } from '../../src/domain/oneLine';
import { hasVisibleText } from '../../src/domain/text';
import { repeatedKeyFields } from '../http/repeated-keys';
import { subtitleProblem } from './subtitle-check';

/**
 * The course manifest: `course.yaml` (or `.yml`, `.json`) at the top of a course folder, naming every
 * file by its path inside that folder. `parseManifest` checks the shape and turns it into a typed
 * draft; `checkCourseFolder` also checks that each named file is there and of a usable kind, the files
 * of a manifest whose shape is wrong included. Every problem names its field path
 * (`stages[1].days[0].lesson_sets[0].lessons[2].video: file not found: x.mp4`), all of them at once,
 * so an author fixes the folder in one pass.
 */

export const MANIFEST_NAMES = ['course.yaml', 'course.yml', 'course.json'] as const;

/** The manifest (or its files) cannot be used; `problems` lists each one with its field path. */
export class ManifestError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(
      problems.length === 1
        ? (problems[0] ?? '')
        : `${problems.length} problems:\n  ${problems.join('\n  ')}`,
    );
    this.name = 'ManifestError';
  }
}

export interface ManifestSubtitle {
  languageCode: string;
  name: string;
  file: string;
}

export interface ManifestLesson {
  title: string;
  video: string;
  descriptionVideo: string | null;
  verticalVideo: string | null;
  verticalDescriptionVideo: string | null;
  /** Subtitles of the lesson's video and of its vertical variant (the same speech in both frames). */
  subtitles: ManifestSubtitle[];
}

export interface ManifestLessonSet {
  repeatCount: number;
  userRepeatRangeFrom: number | null;
  userRepeatRangeTo: number | null;
  lessons: ManifestLesson[];
}

export interface ManifestDay {
  title: string;
  descriptionShort: string;
  dayOfRest: boolean;
  openingDelaySeconds: number;
  isDemoAccessible: boolean;
  requiredToComplete: boolean;
  /** How many times the day is gone through; its sets repeat on their own counts. */
  repeatCount: number;
  lessonSets: ManifestLessonSet[];
}

export interface ManifestStage {
  title: string;
  days: ManifestDay[];
}

export interface ManifestMaterial {
  title: string;
  file: string | null;
  url: string | null;
}

export interface CourseManifest {
  title: string;
  titleShort: string;
  descriptionShort: string;
  category: string | null;
  complexity: number | null;
  consultationLimit: number | null;
  version: number;
  isDemoDocumentsAccessible: boolean;
  isDemoExpertMessageEnabled: boolean;
  isDemoUserMessageEnabled: boolean;
  isDemoOfflineModeAccessible: boolean;
  image: string | null;
  background: string | null;
  demoVideo: string | null;
  materials: ManifestMaterial[];
  stages: ManifestStage[];
}

export type FileKind = 'video' | 'image' | 'document' | 'subtitle';

/** One file the manifest names, with the field that names it. */
export interface FileReference {
  field: string;
  kind: FileKind;
  /** As written in the manifest, relative to the course folder. */
  file: string;
}

/** What the importer stores each kind as (content spec, "Media file": 1 video, 2 image, 4 document). */
export const MIME_TYPES: Readonly<Record<string, string>> = {
  '.pdf': 'application/pdf',
  '.epub': 'application/epub+zip',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.zip': 'application/zip',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
};
/** The picture formats a course may use, as sharp names them, by the extensions that give them. */
const PICTURE_FORMATS: Readonly<Record<string, string>> = {
  '.png': 'png',
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.webp': 'webp',
  '.gif': 'gif',
};
const IMAGE_EXTENSIONS = Object.keys(PICTURE_FORMATS);

/**
 * Whether the file is a whole picture of the format its extension names. Its first bytes are not
 * enough: a file may start as a GIF and hold nothing more, or be a GIF named `.jpg`, and it is served
 * with the type its name gives. So sharp reads its header, then decodes it (a file cut short or
 * corrupt fails there).
 */
async function isPictureAsNamed(path: string, extension: string): Promise<boolean> {
  try {
    const picture = sharp(path);
    const { format, width, height } = await picture.metadata();
    if (!width || !height || format !== PICTURE_FORMATS[extension]) return false;
    await picture.stats();
    return true;
  } catch {
    return false;
  }
}

/** A document format known by its first bytes, and how an author is told a file is not of it. */
interface DocumentSignature {
  name: string;
  signature: Buffer;
  /** How many of the file's first bytes hold the signature. */
  within: number;
  rule: string;
}

const PDF: DocumentSignature = {
  name: 'a PDF',
  signature: Buffer.from('%PDF-'),
  // The PDF reference lets readers (pdf.js, the app's viewer, among them) find the header anywhere
  // in the first 1024 bytes, after what some writers put before it.
  within: 1024,
  rule: 'it must hold %PDF- in its first 1024 bytes',
};
const ZIP: DocumentSignature = {
  name: 'a ZIP archive',
  signature: Buffer.from('PK\x03\x04', 'latin1'),
  within: 4,
  rule: 'it must start with PK',
};
/**
 * The document formats whose first bytes say reliably what a file is, by the extensions that give
 * them. A document is served with the type its name gives, and the app draws a PDF in its own viewer,
 * which fails on anything else; .docx, .xlsx, .pptx and .epub files are ZIP archives. The other
 * kinds are taken as named: text has no signature, and the old Office and audio formats have none
 * every version or tool writes.
 */
const DOCUMENT_SIGNATURES: Readonly<Record<string, DocumentSignature>> = {
  '.pdf': PDF,
  '.zip': ZIP,
  '.epub': ZIP,
  '.docx': ZIP,
  '.xlsx': ZIP,
  '.pptx': ZIP,
};

/** Whether the file's first bytes hold the signature of its format. */
async function hasSignature(path: string, { signature, within }: DocumentSignature): Promise<boolean> {
  const file = await open(path);
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(within), 0, within, 0);
    return buffer.subarray(0, bytesRead).includes(signature);
  } finally {
    await file.close();
  }
}

export const mimeTypeOf = (file: string): string =>
  MIME_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';

// Column limits: int4 for counts and seconds, and texts short enough for the screens that show them.
const INT4_MAX = 2_147_483_647;
const TITLE_MAX = 255;
const DESCRIPTION_MAX = 5000;
const DELAY_DAYS_MAX = 3650;
const REPEAT_MAX = 1000;
/** BCP 47 as the transcoder accepts it once canonical: `en`, `pt-BR`, `zh-Hant`. */
const LANGUAGE_CODE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

/** A language tag in its canonical case (`EN` is `en`, `pt-br` is `pt-BR`: tags ignore case), or null. */
function canonicalLanguage(tag: string): string | null {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical !== undefined && LANGUAGE_CODE.test(canonical) ? canonical : null;
  } catch {
    return null;
  }
}

const text = (max: number) =>
  v.pipe(
    v.string('must be text'),
    v.trim(),
    v.check((s) => !hasControlCharacters(s), 'must not hold control characters'),
    v.maxCodePoints(max, `must be at most ${max} characters`),
  );
/** Text that shows nothing (only invisible characters, src/domain/text.ts) is empty too. */
const requiredText = (max: number) => v.pipe(text(max), v.check(hasVisibleText, 'must not be empty'));
/**
 * A title or name: one line (no tab either), without the controls that reorder the text around it,
 * as the API's one-line fields (src/domain/oneLine.ts).
 */
const oneLine = (max: number) =>
  v.pipe(
    requiredText(max),
    v.check((s) => !hasLineBreaks(s), 'must be one line'),
    v.check((s) => !hasDirectionControls(s), 'must not hold direction controls'),
  );

const integer = (min: number, max: number) =>
  v.pipe(
    v.number('must be a number'),
    v.integer('must be a whole number'),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  );
const flag = v.boolean('must be true or false');

/**
 * A path inside the course folder; whether the file is there is checked by `loadManifest`. The file
 * keeps its own name on the server, so the name must be one the media route serves (no backslash, no
 * leading dot); the path is normalized so `./v/a.mp4` and `v//a.mp4` are one file, imported once.
 */
const filePath = v.pipe(
  requiredText(1000),
  v.check((s) => !s.includes('\\'), 'must separate folders with /'),
  v.check((s) => !isAbsolute(s) && !/^[A-Za-z]:/.test(s), 'must be a path inside the course folder'),
  v.check((s) => !s.split('/').includes('..'), 'must be a path inside the course folder'),
  v.check((s) => !posix.basename(s).startsWith('.'), 'must name a file whose name does not start with a dot'),
  v.transform((s) => posix.normalize(s)),
);

const url = v.pipe(
  requiredText(2000),
  v.url('must be a URL'),
  v.check((s) => /^https?:\/\//i.test(s), 'must be an http or https URL'),
);

const SubtitleSchema = v.strictObject({
  language: v.pipe(
    requiredText(35),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const canonical = canonicalLanguage(dataset.value);
      if (canonical !== null) return canonical;
      addIssue({ message: 'must be a language code such as en or pt-BR' });
      return NEVER;
    }),
  ),
  name: v.pipe(
    oneLine(100),
    v.check((s) => !s.includes('"'), 'must not hold a double quote'),
  ),
  file: filePath,
});

const LessonSchema = v.strictObject({
  title: oneLine(TITLE_MAX),
  video: filePath,
  description_video: v.optional(filePath),
  vertical_video: v.optional(filePath),
  vertical_description_video: v.optional(filePath),
  subtitles: v.optional(
    v.pipe(
      v.array(SubtitleSchema, 'must be a list'),
      v.check(
        (list) => new Set(list.map((s) => s.language)).size === list.length,
        'must not give a language twice',
      ),
    ),
    [],
  ),
});

/**
 * A set's repeat count is the learner's to choose within its range (content spec, section 4: the
 * count is clamped to the range), so a count given beside a range lies within it; without a count,
 * the range's start is the set's count.
 */
const LessonSetSchema = v.pipe(
  v.strictObject({
    repeat_count: v.optional(integer(1, REPEAT_MAX)),
    repeat_range: v.optional(
      v.pipe(
        v.strictTuple([integer(1, REPEAT_MAX), integer(1, REPEAT_MAX)], 'must be a pair [from, to]'),
        v.check(([from, to]) => from <= to, 'must not end before it starts'),
      ),
    ),
    lessons: v.pipe(v.array(LessonSchema, 'must be a list'), v.minLength(1, 'must list at least one lesson')),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const set = dataset.value;
    if (set.repeat_count === undefined || set.repeat_range === undefined) return;
    const [from, to] = set.repeat_range;
    // A range that ends before it starts is refused on its own.
    if (from <= to && (set.repeat_count < from || set.repeat_count > to))
      addIssue({
        message: `must lie within repeat_range (${from} to ${to})`,
        path: [pathItem(set, 'repeat_count')],
      });
  }),
);

const DaySchema = v.pipe(
  v.strictObject({
    title: oneLine(TITLE_MAX),
    description: v.optional(text(DESCRIPTION_MAX), ''),
    rest_day: v.optional(flag, false),
    opening_delay_days: v.optional(integer(0, DELAY_DAYS_MAX)),
    opening_delay_hours: v.optional(integer(0, DELAY_DAYS_MAX * 24)),
    demo_accessible: v.optional(flag, false),
    required_to_complete: v.optional(flag, true),
    repeat_count: v.optional(integer(1, REPEAT_MAX), 1),
    lesson_sets: v.optional(v.array(LessonSetSchema, 'must be a list'), []),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const day = dataset.value;
    if (day.opening_delay_days !== undefined && day.opening_delay_hours !== undefined)
      addIssue({
        message: 'give opening_delay_days or opening_delay_hours, not both',
        path: [pathItem(day, 'opening_delay_hours')],
      });
    if (!day.rest_day && day.lesson_sets.length === 0)
      addIssue({
        message: 'a day that is not a rest day needs lessons',
        path: [pathItem(day, 'lesson_sets')],
      });
  }),
);

const StageSchema = v.strictObject({
  title: oneLine(TITLE_MAX),
  days: v.pipe(v.array(DaySchema, 'must be a list'), v.minLength(1, 'must list at least one day')),
});

const MaterialSchema = v.pipe(
  v.strictObject({ title: oneLine(TITLE_MAX), file: v.optional(filePath), url: v.optional(url) }),
  v.check((m) => (m.file === undefined) !== (m.url === undefined), 'needs either file or url (one of them)'),
);

const DemoSchema = v.strictObject({
  documents_accessible: v.optional(flag, true),
  expert_message_enabled: v.optional(flag, true),
  user_message_enabled: v.optional(flag, true),
  offline_mode_accessible: v.optional(flag, true),
});

const ManifestSchema = v.strictObject({
  title: oneLine(TITLE_MAX),
  caption: v.optional(oneLine(TITLE_MAX)),
  description: v.optional(text(DESCRIPTION_MAX), ''),
  category: v.optional(oneLine(TITLE_MAX)),
  complexity: v.optional(integer(0, 100)),
  consultation_limit: v.optional(integer(0, INT4_MAX)),
  version: v.optional(integer(1, INT4_MAX), 1),
  demo: v.optional(DemoSchema, {}),
  image: v.optional(filePath),
  background: v.optional(filePath),
  demo_video: v.optional(filePath),
  materials: v.optional(v.array(MaterialSchema, 'must be a list'), []),
  stages: v.pipe(v.array(StageSchema, 'must be a list'), v.minLength(1, 'must list at least one stage')),
});

type RawManifest = v.InferOutput<typeof ManifestSchema>;

/** A path item for an issue raised on one key of an object the schema already checked. */
function pathItem(input: Record<string, unknown>, key: string): v.IssuePathItem {
  return { type: 'object', origin: 'value', input, key, value: input[key] };
}

/** `stages[1].days[0].title` from an issue's path. */
function fieldPath(path: readonly v.IssuePathItem[] | undefined): string {
  let field = '';
  for (const item of path ?? []) {
    const key = item.key;
    field += typeof key === 'number' ? `[${key}]` : field === '' ? String(key) : `.${String(key)}`;
  }
  return field;
}

function describeIssue(issue: v.BaseIssue<unknown>): string {
  const field = fieldPath(issue.path);
  if (issue.kind === 'schema' && issue.received === 'undefined') return `${field || 'manifest'}: is required`;
  // A key the schema does not know: valibot expects "never" there.
  if (issue.kind === 'schema' && issue.type === 'strict_object' && issue.expected === 'never')
    return `${field}: unknown key (check its spelling and level)`;
  return `${field || 'manifest'}: ${issue.message}`;
}

const nullable = <T>(value: T | undefined): T | null => value ?? null;

/** Seconds of a day's opening delay, given in days or hours. */
const delaySeconds = (day: { opening_delay_days?: number; opening_delay_hours?: number }) =>
  (day.opening_delay_days ?? 0) * 86_400 + (day.opening_delay_hours ?? 0) * 3_600;

function toManifest(raw: RawManifest): CourseManifest {
  return {
    title: raw.title,
    titleShort: raw.caption ?? '',
    descriptionShort: raw.description,
    category: nullable(raw.category),
    complexity: nullable(raw.complexity),
    consultationLimit: nullable(raw.consultation_limit),
    version: raw.version,
    isDemoDocumentsAccessible: raw.demo.documents_accessible,
    isDemoExpertMessageEnabled: raw.demo.expert_message_enabled,
    isDemoUserMessageEnabled: raw.demo.user_message_enabled,
    isDemoOfflineModeAccessible: raw.demo.offline_mode_accessible,
    image: nullable(raw.image),
    background: nullable(raw.background),
    demoVideo: nullable(raw.demo_video),
    materials: raw.materials.map((m) => ({ title: m.title, file: nullable(m.file), url: nullable(m.url) })),
    stages: raw.stages.map((stage) => ({
      title: stage.title,
      days: stage.days.map((day) => ({
        title: day.title,
        descriptionShort: day.description,
        dayOfRest: day.rest_day,
        openingDelaySeconds: delaySeconds(day),
        isDemoAccessible: day.demo_accessible,
        requiredToComplete: day.required_to_complete,
        repeatCount: day.repeat_count,
        lessonSets: day.lesson_sets.map((set) => ({
          repeatCount: set.repeat_count ?? set.repeat_range?.[0] ?? 1,
          userRepeatRangeFrom: set.repeat_range?.[0] ?? null,
          userRepeatRangeTo: set.repeat_range?.[1] ?? null,
          lessons: set.lessons.map((lesson) => ({
            title: lesson.title,
            video: lesson.video,
            descriptionVideo: nullable(lesson.description_video),
            verticalVideo: nullable(lesson.vertical_video),
            verticalDescriptionVideo: nullable(lesson.vertical_description_video),
            subtitles: lesson.subtitles.map((s) => ({
              languageCode: s.language,
              name: s.name,
              file: s.file,
            })),
          })),
        })),
      })),
    })),
  };
}

/**
 * The data of manifest text (`fileName` picks JSON or YAML); a `ManifestError` when it cannot be
 * read or is not a mapping of fields.
 */
function manifestData(source: string, fileName: string): Record<string, unknown> {
  const unreadable = (reason: string) => new ManifestError([`${fileName}: cannot be read: ${reason}`]);
  let data: unknown;
  try {
    data = fileName.endsWith('.json') ? JSON.parse(source) : parseYaml(source, { uniqueKeys: true });
  } catch (error) {
    throw unreadable(error instanceof Error ? error.message : String(error));
  }
  // YAML refuses a key given twice in one mapping (uniqueKeys); JSON.parse would keep the last one.
  const repeated = fileName.endsWith('.json') ? repeatedKeyFields(source, data) : [];
  if (repeated.length > 0)
    throw unreadable(
      `a key is given twice in one object (in ${repeated.map((field) => `"${field}"`).join(', ')})`,
    );
  // valibot's objects take arrays too; a manifest is a mapping of fields.
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new ManifestError([`${fileName}: must be a mapping of fields (title, stages, ...)`]);
  return data as Record<string, unknown>;
}

const shapeProblems = (issues: readonly v.BaseIssue<unknown>[]) => [...new Set(issues.map(describeIssue))];

/** Parses manifest text (`fileName` picks JSON or YAML) into a draft; throws a `ManifestError`. */
export function parseManifest(source: string, fileName: string): CourseManifest {
  const result = v.safeParse(ManifestSchema, manifestData(source, fileName));
  if (!result.success) throw new ManifestError(shapeProblems(result.issues));
  return toManifest(result.output);
}

const lessonPath = (stage: number, day: number, set: number, lesson: number) =>
  `stages[${stage}].days[${day}].lesson_sets[${set}].lessons[${lesson}]`;

/** Every lesson of the manifest, in order, with its field path (`stages[0].days[1].lesson_sets[0].lessons[2]`). */
export function lessonEntries(manifest: CourseManifest): { at: string; lesson: ManifestLesson }[] {
  const entries: { at: string; lesson: ManifestLesson }[] = [];
  for (const [s, stage] of manifest.stages.entries())
    for (const [d, day] of stage.days.entries())
      for (const [ls, set] of day.lessonSets.entries())
        for (const [l, lesson] of set.lessons.entries())
          entries.push({ at: lessonPath(s, d, ls, l), lesson });
  return entries;
}

const fieldsOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const listOf = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);

/**
 * Every file the manifest names, in manifest order, with the field naming it. Read from the
 * manifest's data, whether or not its shape is right (the files of a manifest with a misspelt key
 * are checked all the same, so that every problem is told at once); a path the shape refuses (an
 * absolute one, say) is left to that refusal.
 */
function fileReferences(data: unknown): FileReference[] {
  const refs: FileReference[] = [];
  const add = (field: string, kind: FileKind, value: unknown) => {
    const path = v.safeParse(filePath, value);
    if (path.success) refs.push({ field, kind, file: path.output });
  };
  const course = fieldsOf(data);
  add('image', 'image', course.image);
  add('background', 'image', course.background);
  add('demo_video', 'video', course.demo_video);
  for (const [i, material] of listOf(course.materials).entries())
    add(`materials[${i}].file`, 'document', fieldsOf(material).file);
  for (const [s, stage] of listOf(course.stages).entries())
    for (const [d, day] of listOf(fieldsOf(stage).days).entries())
      for (const [ls, set] of listOf(fieldsOf(day).lesson_sets).entries())
        for (const [l, entry] of listOf(fieldsOf(set).lessons).entries()) {
          const at = lessonPath(s, d, ls, l);
          const lesson = fieldsOf(entry);
          add(`${at}.video`, 'video', lesson.video);
          add(`${at}.description_video`, 'video', lesson.description_video);
          add(`${at}.vertical_video`, 'video', lesson.vertical_video);
          add(`${at}.vertical_description_video`, 'video', lesson.vertical_description_video);
          for (const [i, sub] of listOf(lesson.subtitles).entries())
            add(`${at}.subtitles[${i}].file`, 'subtitle', fieldsOf(sub).file);
        }
  return refs;
}

/** Whether `path` lies below `root` (both absolute); the root itself is not a file inside it. */
function isBelow(root: string, path: string): boolean {
  const rel = relative(root, path);
  return !(rel === '' || rel.startsWith(`..${sep}`) || rel === '..' || isAbsolute(rel));
}

/**
 * The absolute path of a manifest path, or null when it leaves the folder. This looks at the text
 * only; `checkFile` also follows symbolic links.
 */
export function resolveInside(folder: string, file: string): string | null {
  const root = resolve(folder);
  const path = resolve(root, file);
  return isBelow(root, path) ? path : null;
}

/**
 * The problem with one referenced file, or null; videos are probed later by the importer (ffmpeg).
 * `realFolder` is the folder's real path: a symbolic link (the file or a folder on its way) may point
 * elsewhere inside the folder, but one that leads out of it would publish whatever it points to.
 */
async function checkFile(folder: string, realFolder: string, ref: FileReference): Promise<string | null> {
  const path = resolveInside(folder, ref.file);
  if (path === null) return `${ref.field}: must be a path inside the course folder: ${ref.file}`;
  const real = await realpath(path).catch(() => null);
  const info = real === null ? null : await stat(real).catch(() => null);
  if (real === null || !info) return `${ref.field}: file not found: ${ref.file}`;
  if (!isBelow(realFolder, real))
    return `${ref.field}: must be a path inside the course folder (a symbolic link leads out of it): ${ref.file}`;
  if (!info.isFile()) return `${ref.field}: not a file: ${ref.file}`;
  if (info.size === 0) return `${ref.field}: file is empty: ${ref.file}`;
  const extension = extname(ref.file).toLowerCase();
  if (ref.kind === 'image' && !(await isPictureAsNamed(real, extension)))
    return `${ref.field}: not a picture of the kind its name says (${IMAGE_EXTENSIONS.join(', ')}): ${ref.file}`;
  const format = ref.kind === 'document' ? DOCUMENT_SIGNATURES[extension] : undefined;
  if (format && !(await hasSignature(real, format)))
    return `${ref.field}: not ${format.name}, as a ${extension} file is (${format.rule}): ${ref.file}`;
  if (ref.kind === 'subtitle') {
    const problem = subtitleProblem(await readFile(real, 'utf8'));
    if (problem) return `${ref.field}: ${problem}: ${ref.file}`;
  }
  return null;
}

/**
 * Subtitles attach to a transcoded video, so one video file cannot carry two different files for the
 * same language; the manifest may repeat a video in several lessons with the same (or no) subtitles.
 */
function subtitleConflicts(manifest: CourseManifest): string[] {
  const byVideo = new Map<string, Map<string, string>>();
  const problems: string[] = [];
  for (const { at, lesson } of lessonEntries(manifest)) {
    for (const video of [lesson.video, lesson.verticalVideo]) {
      if (video === null) continue;
      const known = byVideo.get(video) ?? new Map<string, string>();
      byVideo.set(video, known);
      for (const [i, sub] of lesson.subtitles.entries()) {
        const earlier = known.get(sub.languageCode);
        if (earlier !== undefined && earlier !== sub.file)
          problems.push(
            `${at}.subtitles[${i}].file: ${video} already has ${sub.languageCode} subtitles from ${earlier}`,
          );
        known.set(sub.languageCode, sub.file);
      }
    }
  }
  return [...new Set(problems)];
}

/**
 * The manifest file of a course folder, or a `ManifestError` when there is none or several, or the
 * folder is not there.
 */
export async function findManifest(folder: string): Promise<string> {
  const info = await stat(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new ManifestError([`${folder}: the folder does not exist`]);
    throw error;
  });
  if (!info.isDirectory())
    throw new ManifestError([`${folder}: not a folder (name the course folder, not a file in it)`]);
  const found: string[] = [];
  for (const name of MANIFEST_NAMES) {
    if (
      await access(join(folder, name)).then(
        () => true,
        () => false,
      )
    )
      found.push(name);
  }
  if (found.length === 0)
    throw new ManifestError([`${folder}: no course manifest (${MANIFEST_NAMES.join(', ')}) in the folder`]);
  if (found.length > 1)
    throw new ManifestError([`${folder}: several manifests (${found.join(', ')}); keep one`]);
  return join(folder, found[0] as string);
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The manifest's text, refused unless it is UTF-8: read any other way, a title in another encoding
 * (Latin-1 from an older editor) would be imported as replacement characters, shown to learners. The
 * decoder drops a leading byte order mark, which many editors write and JSON.parse would refuse.
 */
async function readManifestText(path: string): Promise<string> {
  try {
    return UTF8.decode(await readFile(path));
  } catch (error) {
    if (error instanceof TypeError)
      throw new ManifestError([`${path}: not UTF-8 text (save the manifest as UTF-8)`]);
    throw error;
  }
}

export interface CheckedCourseFolder {
  /** The draft, or null when the manifest's shape is wrong (`problems` says where). */
  manifest: CourseManifest | null;
  /** The files the manifest names that are there and of their kind, in manifest order. */
  references: FileReference[];
  /** Every problem found: the manifest's shape first, then its files. None when it can be imported. */
  problems: string[];
}

/**
 * Reads and checks the manifest of `folder` and the files it names. Throws a `ManifestError` only
 * when there is no manifest to read; every other problem is in the answer's `problems`.
 */
export async function checkCourseFolder(folder: string): Promise<CheckedCourseFolder> {
  const path = await findManifest(folder);
  const data = manifestData(await readManifestText(path), path);
  const shape = v.safeParse(ManifestSchema, data);
  const manifest = shape.success ? toManifest(shape.output) : null;
  const problems = shape.success ? [] : shapeProblems(shape.issues);
  const named = fileReferences(shape.success ? shape.output : data);
  const realFolder = await realpath(folder);
  const fileProblems = await Promise.all(named.map((ref) => checkFile(folder, realFolder, ref)));
  for (const problem of fileProblems) if (problem !== null) problems.push(problem);
  if (manifest) problems.push(...subtitleConflicts(manifest));
  return { manifest, references: named.filter((_ref, i) => fileProblems[i] === null), problems };
}
