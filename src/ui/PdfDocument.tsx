import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef } from 'react';

// The worker is a file of this app (same origin, `worker-src 'self'`), fetched when the first PDF opens.
GlobalWorkerOptions.workerSrc = workerUrl;

/** Widest page the viewer draws, in CSS pixels; narrower screens draw the page at their width. */
const MAX_PAGE_WIDTH = 960;

type PdfDocumentProps = {
  url: string;
  /** Each page's canvas gets this accessible name with its number. */
  pageLabel: (page: number, pages: number) => string;
  onLoaded: () => void;
  onFailed: (error: unknown) => void;
};

async function drawPages(
  pdf: PDFDocumentProxy,
  container: HTMLElement,
  props: PdfDocumentProps,
  isCancelled: () => boolean,
) {
  const width = Math.min(container.clientWidth || MAX_PAGE_WIDTH, MAX_PAGE_WIDTH);
  const pixelRatio = window.devicePixelRatio || 1;
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    if (isCancelled()) return;
    const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
    const canvas = document.createElement('canvas');
    canvas.className = 'pdf__page';
    canvas.width = Math.floor(viewport.width * pixelRatio);
    canvas.height = Math.floor(viewport.height * pixelRatio);
    canvas.style.width = `${Math.floor(viewport.width)}px`;
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', props.pageLabel(number, pdf.numPages));
    container.append(canvas);
    await page.render({
      canvas,
      viewport,
      transform: pixelRatio === 1 ? undefined : [pixelRatio, 0, 0, pixelRatio, 0, 0],
    }).promise;
    if (number === 1) props.onLoaded();
  }
}

/**
 * A PDF drawn page by page into canvases with PDF.js (this module and its worker are lazy chunks).
 * PDF.js runs no code of the PDF and compiles nothing with eval (the CSP forbids it); the file is read with the session cookie
 * like any same-origin request.
 */
export function PdfDocument(props: PdfDocumentProps) {
  const container = useRef<HTMLDivElement>(null);
  // The callbacks change on each render of the parent; the drawing depends on the URL only.
  const latest = useRef(props);
  latest.current = props;
  const { url } = props;
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let cancelled = false;
    const task = getDocument({ url, isEvalSupported: false });
    task.promise
      .then((pdf) => drawPages(pdf, element, latest.current, () => cancelled))
      .catch((error: unknown) => {
        if (!cancelled) latest.current.onFailed(error);
      });
    return () => {
      cancelled = true;
      element.replaceChildren();
      void task.destroy();
    };
  }, [url]);
  return <div className="pdf" ref={container} />;
}
