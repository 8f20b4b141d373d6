import type { CourseDocument } from './course';

/**
 * The materials a learner sees (content spec, sections 2 and 3 "Course"): the course's documents, in
 * their order; a demo stream without full access sees them only when the course opens its documents
 * to demos (isDemoDocumentsAccessible).
 */
export function visibleDocuments(
  stream: { isDemo: boolean; courseFullAccess: boolean },
  course: { isDemoDocumentsAccessible: boolean; documents: readonly CourseDocument[] | null },
): CourseDocument[] {
  if (stream.isDemo && !stream.courseFullAccess && !course.isDemoDocumentsAccessible) return [];
  return [...(course.documents ?? [])];
}

export type DocumentKind = 'pdf' | 'page' | 'file';

const PDF_PATH = /\.pdf(?:$|[?#])/i;
const PAGE_PATH = /\.html?(?:$|[?#])/i;

/**
 * How a document opens: a PDF is drawn in the app, a web page is framed, anything else (a
 * spreadsheet, an archive) is offered to open in a new window or to download.
 */
export function documentKind(url: string, mimeType: string | null = null): DocumentKind {
  if (mimeType === 'application/pdf' || PDF_PATH.test(url)) return 'pdf';
  if (mimeType === 'text/html' || PAGE_PATH.test(url)) return 'page';
  return 'file';
}

/** How a course material opens: in the app's document viewer, or in a new window of its own. */
export type MaterialOpening =
  | { opens: 'viewer'; url: string; kind: DocumentKind }
  | { opens: 'newWindow'; url: string };

const WEB_PROTOCOLS: readonly string[] = ['http:', 'https:'];

/**
 * How a course material opens (content spec, section 3 "Course": a document has a file or a url).
 * The viewer shows what the app serves itself: the material's file, else a link on the app's own
 * origin. A link to another site opens in a new window: the app's CSP lets the viewer neither frame
 * nor read another site's page or file. A link the browser cannot open as a web page (no http or
 * https) and a material with neither opens nothing (null).
 */
export function materialOpening(document: CourseDocument, appOrigin: string): MaterialOpening | null {
  if (document.file) {
    const { url, mimeType } = document.file;
    return { opens: 'viewer', url, kind: documentKind(url, mimeType) };
  }
  if (!document.url) return null;
  let link: URL;
  try {
    link = new URL(document.url, appOrigin);
  } catch {
    return null;
  }
  if (!WEB_PROTOCOLS.includes(link.protocol)) return null;
  if (link.origin === appOrigin) {
    return { opens: 'viewer', url: link.href, kind: documentKind(link.pathname) };
  }
  return { opens: 'newWindow', url: link.href };
}
