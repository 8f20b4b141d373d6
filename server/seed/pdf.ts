/**
 * A small valid PDF 1.4: A4 pages of Helvetica text, with a correct cross-reference table, so any
 * reader (pdf.js included) opens it without repairing. Enough for the demo course's handbook; text
 * is limited to printable ASCII, which the standard font's encoding covers.
 */

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 72;
const LINE_HEIGHT = 18;

export interface PdfPage {
  heading: string;
  lines: readonly string[];
}

const escapeText = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);

function checkAscii(text: string) {
  if (!/^[\x20-\x7e]*$/.test(text)) throw new Error(`PDF text must be printable ASCII: ${text}`);
}

function pageContent(page: PdfPage): string {
  checkAscii(page.heading);
  page.lines.forEach(checkAscii);
  const top = PAGE_HEIGHT - MARGIN;
  const body = page.lines.map((line) => `0 -${LINE_HEIGHT} Td (${escapeText(line)}) Tj`).join('\n');
  return `BT\n/F2 22 Tf\n${MARGIN} ${top} Td (${escapeText(page.heading)}) Tj\n/F1 12 Tf\n0 -${LINE_HEIGHT} Td\n${body}\nET\n`;
}

/** The PDF file's bytes. */
export function simplePdf(title: string, pages: readonly PdfPage[]): Buffer {
  if (pages.length === 0) throw new Error('a PDF needs a page');
  checkAscii(title);
  // Objects: 1 catalog, 2 page tree, 3 info, 4 regular font, 5 bold font, then page + content pairs.
  const firstPage = 6;
  const pageIds = pages.map((_, index) => firstPage + index * 2);
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    `<< /Title (${escapeText(title)}) /Producer (learning platform demo seed) >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  ];
  pages.forEach((page, index) => {
    const content = pageContent(page);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
        `/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents ${(pageIds[index] as number) + 1} 0 R >>`,
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`,
    );
  });

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(out, 'latin1');
  // Each cross-reference entry is exactly 20 bytes: 10-digit offset, 5-digit generation, type, EOL.
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 3 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
