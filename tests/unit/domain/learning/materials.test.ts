import { describe, expect, it } from 'vitest';
import type { CourseDocument } from '../../../../src/domain/learning/course';
import { documentKind, documentUrl, visibleDocuments } from '../../../../src/domain/learning/materials';

const documents: CourseDocument[] = [
  { id: 1, title: 'Guide', url: null, file: null },
  { id: 2, title: 'Link', url: 'https://example.com/a', file: null },
];

describe('materials', () => {
  it('shows the documents to full streams, and to demos only when the course allows it', () => {
    const course = { isDemoDocumentsAccessible: false, documents };
    expect(visibleDocuments({ isDemo: false, courseFullAccess: false }, course)).toEqual(documents);
    expect(visibleDocuments({ isDemo: true, courseFullAccess: false }, course)).toEqual([]);
    expect(visibleDocuments({ isDemo: true, courseFullAccess: true }, course)).toEqual(documents);
    expect(
      visibleDocuments(
        { isDemo: true, courseFullAccess: false },
        { ...course, isDemoDocumentsAccessible: true },
      ),
    ).toEqual(documents);
    expect(
      visibleDocuments({ isDemo: false, courseFullAccess: true }, { ...course, documents: null }),
    ).toEqual([]);
  });

  it('opens PDFs in the viewer, frames web pages, offers other files', () => {
    expect(documentKind('/media/files/4/guide.pdf')).toBe('pdf');
    expect(documentKind('/media/files/4/guide.PDF?x=1')).toBe('pdf');
    expect(documentKind('/media/files/4/download', 'application/pdf')).toBe('pdf');
    expect(documentKind('/v/docs/instruction-en.html')).toBe('page');
    expect(documentKind('/media/files/5/table.xlsx')).toBe('file');
  });

  it("reads a document's file before its link", () => {
    const file = {
      id: 3,
      type: 'document' as const,
      name: 'a.pdf',
      url: '/media/files/3/a.pdf',
      mimeType: null,
      sizeBytes: 1,
      urls: null,
    };
    expect(documentUrl({ id: 1, title: 'A', url: 'https://example.com', file })).toBe('/media/files/3/a.pdf');
    expect(documentUrl({ id: 1, title: 'A', url: 'https://example.com', file: null })).toBe(
      'https://example.com',
    );
    expect(documentUrl({ id: 1, title: 'A', url: null, file: null })).toBeNull();
  });
});
