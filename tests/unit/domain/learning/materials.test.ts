import { describe, expect, it } from 'vitest';
import type { CourseDocument } from '../../../../src/domain/learning/course';
import { documentKind, materialOpening, visibleDocuments } from '../../../../src/domain/learning/materials';

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

  describe('how a material opens', () => {
    const APP_ORIGIN = 'https://school.example';
    const file = {
      id: 3,
      type: 'document' as const,
      name: 'a.pdf',
      url: '/media/files/3/a.pdf',
      mimeType: null,
      sizeBytes: 1,
      urls: null,
    };
    const material = (url: string | null, withFile = false): CourseDocument => ({
      id: 1,
      title: 'A',
      url,
      file: withFile ? file : null,
    });

    it('opens a file in the viewer, before any link the material also has', () => {
      expect(materialOpening(material('https://example.com', true), APP_ORIGIN)).toEqual({
        opens: 'viewer',
        url: '/media/files/3/a.pdf',
        kind: 'pdf',
      });
      expect(
        materialOpening(
          { ...material(null), file: { ...file, url: '/media/files/5/table.xlsx', name: 'table.xlsx' } },
          APP_ORIGIN,
        ),
      ).toEqual({ opens: 'viewer', url: '/media/files/5/table.xlsx', kind: 'file' });
    });

    it('opens a link to a web page of another site in a new window', () => {
      expect(materialOpening(material('https://example.com/breathing-guide'), APP_ORIGIN)).toEqual({
        opens: 'newWindow',
        url: 'https://example.com/breathing-guide',
      });
      // Another site's PDF cannot be read by the viewer either.
      expect(materialOpening(material('http://example.com/guide.pdf'), APP_ORIGIN)).toEqual({
        opens: 'newWindow',
        url: 'http://example.com/guide.pdf',
      });
    });

    it("opens a link on the app's own origin in the viewer", () => {
      expect(materialOpening(material('/media/files/4/guide.pdf'), APP_ORIGIN)).toEqual({
        opens: 'viewer',
        url: 'https://school.example/media/files/4/guide.pdf',
        kind: 'pdf',
      });
      expect(materialOpening(material('https://school.example/guide.PDF?x=1'), APP_ORIGIN)).toEqual({
        opens: 'viewer',
        url: 'https://school.example/guide.PDF?x=1',
        kind: 'pdf',
      });
      expect(materialOpening(material('/media/files/10/plan.xlsx'), APP_ORIGIN)).toEqual({
        opens: 'viewer',
        url: 'https://school.example/media/files/10/plan.xlsx',
        kind: 'file',
      });
    });

    it('opens nothing without a file or a web link', () => {
      expect(materialOpening(material(null), APP_ORIGIN)).toBeNull();
      expect(materialOpening(material('javascript:alert(1)'), APP_ORIGIN)).toBeNull();
      expect(materialOpening(material('mailto:coach@example.com'), APP_ORIGIN)).toBeNull();
      expect(materialOpening(material('https://'), APP_ORIGIN)).toBeNull();
    });
  });
});
