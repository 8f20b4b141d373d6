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

/** Where a course document's content is: its file, else its link; null when it has neither. */
export const documentUrl = (document: CourseDocument): string | null => document.file?.url ?? document.url;
