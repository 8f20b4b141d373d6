import { CANONICAL_ID } from '../../http/fields';
import type { OpenApiDocument, Operation, Parameter } from '../../http/openapi';
import { IMAGE_VARIANTS } from '../uploads/limits';
import { UPLOAD_URL_PREFIX } from '../uploads/wire';

/**
 * The media routes in the OpenAPI document. They answer outside the API bases, with files rather
 * than JSON (docs/API.md, "Media"), so they are declared here, beside the routes, instead of
 * through the API's route declarations.
 */

export const MEDIA_TAG = {
  name: 'media',
  description:
    "Course media and uploaded photos, outside the API bases on the app's origin: the player, images and the service worker read them with the session cookie.",
};

const fileId = (description: string): Parameter => ({
  name: 'fileId',
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: CANONICAL_ID.source, description },
});

const header = (name: string, description: string): Parameter => ({
  name,
  in: 'header',
  required: false,
  schema: { type: 'string', description },
});

/** The conditional and range headers every media file answers by (server/modules/media/send-file.ts). */
const FILE_HEADERS: Parameter[] = [
  header(
    'Range',
    'One byte range: `bytes=a-b`, `bytes=a-` or `bytes=-n`; anything else sends the whole file.',
  ),
  header(
    'If-Range',
    'The ETag or Last-Modified of the copy the range belongs to; another sends the whole file.',
  ),
  header('If-Match', 'Answered 412 unless the file is still this version (strong comparison).'),
  header('If-Unmodified-Since', 'Without If-Match: answered 412 when the file changed after this HTTP date.'),
  header('If-None-Match', 'Answered 304 while the file is still this version (weak comparison).'),
  header(
    'If-Modified-Since',
    'Without If-None-Match: answered 304 unless the file changed after this HTTP date.',
  ),
];

const binary = (description: string, headers: Record<string, unknown> = {}) => ({
  description,
  headers,
  content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
});

const refusal = (status: number) => ({ $ref: `#/components/responses/${status}` });
const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorAnswer' } } },
});

const FILE_RESPONSES: Record<string, unknown> = {
  200: binary('The whole file, typed by its extension', {
    ETag: { schema: { type: 'string' } },
    'Last-Modified': { schema: { type: 'string' } },
    'Cache-Control': { schema: { const: 'private, max-age=86400' } },
  }),
  206: binary('The requested byte range', {
    'Content-Range': { schema: { type: 'string', description: '`bytes a-b/size`' } },
  }),
  304: { description: 'Not modified: the copy the request names is current' },
  401: refusal(401),
  404: errorAnswer('No such file, or none the learner may read (alike)'),
  405: errorAnswer('A method other than GET or HEAD (`Allow: GET, HEAD`)'),
  412: errorAnswer('The file is not the version If-Match or If-Unmodified-Since names'),
  416: errorAnswer('The range starts at or past the end of the file (`Content-Range: bytes */size`)'),
};

const mediaOperation = (
  operationId: string,
  summary: string,
  description: string,
  parameters: Parameter[],
): Operation => ({
  operationId,
  summary,
  description,
  tags: [MEDIA_TAG.name],
  security: [{ bearer: [] }, { sessionCookie: [] }],
  parameters: [
    ...parameters,
    ...FILE_HEADERS,
    {
      name: 'lang',
      in: 'query',
      required: false,
      schema: { type: 'string', description: "The language of a refusal's message (en, ru or es)." },
    },
  ],
  responses: FILE_RESPONSES,
  'x-access': 'session',
  'x-learner-data': true,
});

export const MEDIA_PATHS: OpenApiDocument['paths'] = {
  '/media/videos/{fileId}/{path}': {
    get: mediaOperation(
      'get_media_video_file',
      "A file of a lesson video's transcode: HLS playlists and segments, the MP4, the poster, subtitles",
      'Readable by a learner with a stream on a course that uses the video, a demo stream only on its open demo days. `path` may hold slashes (`hls/720p/segment-001.m4s`); each segment must be a plain name. HEAD answers the same headers.',
      [
        fileId('The media file id of the video (type 1).'),
        {
          name: 'path',
          in: 'path',
          required: true,
          schema: {
            type: 'string',
            description:
              'master.m3u8, hls/<h>p/index.m3u8, hls/<h>p/init.mp4, hls/<h>p/segment-NNN.m4s, video.mp4, poster.jpg, subtitles/<lang>.vtt or subtitles/<lang>.m3u8',
          },
        },
      ],
    ),
  },
  '/media/files/{fileId}/{name}': {
    get: mediaOperation(
      'get_media_file',
      "A course's stored file: a document, an image, a sound or a subtitle",
      'Readable by a learner with a stream on a course that uses the file (documents of a demo stream only where the course allows them). HEAD answers the same headers.',
      [
        fileId('The media file id (any type but video).'),
        {
          name: 'name',
          in: 'path',
          required: true,
          schema: {
            type: 'string',
            description: "The stored file's name or the media file's name, URL-encoded.",
          },
        },
      ],
    ),
  },
  [`${UPLOAD_URL_PREFIX}/{fileId}/{name}`]: {
    get: mediaOperation(
      'get_media_upload_variant',
      'A square WebP variant of an uploaded photo',
      "Readable by the upload's owner only; anyone else's request answers the 404 of a missing one. HEAD answers the same headers.",
      [
        fileId('The upload id (a Media file id answered by POST /media/upload).'),
        {
          name: 'name',
          in: 'path',
          required: true,
          schema: { enum: Object.values(IMAGE_VARIANTS).map((side) => `${side}.webp`) },
        },
      ],
    ),
  },
};
