import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { simplePdf } from '../../../server/seed/pdf';

/** The demo handbook must open in the app's PDF viewer (pdf.js) as written, without repair. */

async function open(bytes: Buffer) {
  // pdf.js takes over the buffer it is given, so it gets a copy.
  return getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
}

describe('simplePdf', () => {
  it('writes pages pdf.js reads back, text and title included', async () => {
    const bytes = simplePdf('Handbook (demo)', [
      { heading: 'First page', lines: ['A line with (brackets) and a \\ backslash.', 'Second line'] },
      { heading: 'Second page', lines: [] },
    ]);
    const pdf = await open(bytes);
    expect(pdf.numPages).toBe(2);
    const first = await (await pdf.getPage(1)).getTextContent();
    const texts = first.items.map((item) => ('str' in item ? item.str : '')).filter(Boolean);
    expect(texts).toEqual(['First page', 'A line with (brackets) and a \\ backslash.', 'Second line']);
    const { info } = (await pdf.getMetadata()) as { info: { Title?: string } };
    expect(info.Title).toBe('Handbook (demo)');
    await pdf.destroy();
  });

  it('points every cross-reference entry at its object', () => {
    const text = simplePdf('T', [{ heading: 'H', lines: ['x'] }]).toString('latin1');
    const xrefAt = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
    expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const entries = text
      .slice(xrefAt)
      .split('\n')
      .slice(3)
      .filter((line) => / 00000 n $/.test(line));
    expect(entries).toHaveLength(7);
    entries.forEach((entry, index) => {
      const offset = Number(entry.slice(0, 10));
      expect(text.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`);
    });
  });

  it('refuses text the standard font cannot show', () => {
    expect(() => simplePdf('Привет', [{ heading: 'H', lines: [] }])).toThrow('printable ASCII');
    expect(() => simplePdf('T', [])).toThrow('a PDF needs a page');
  });
});
