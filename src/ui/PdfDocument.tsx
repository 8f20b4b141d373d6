import {
  GlobalWorkerOptions,
  getDocument,
  type PDFPageProxy,
  RenderingCancelledException,
  type RenderTask,
  ResponseException,
  TextLayer,
} from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef } from 'react';
import './PdfDocument.css';

// The worker is a file of this app (same origin, `worker-src 'self'`), fetched when the first PDF opens.
GlobalWorkerOptions.workerSrc = workerUrl;

/** Widest page the viewer draws, in CSS pixels; narrower screens draw the page at their width. */
const MAX_PAGE_WIDTH = 960;

type PdfDocumentProps = {
  url: string;
  /** The accessible name of the pages' area, which scrolls on its own and takes the keyboard's focus. */
  label: string;
  /** Each page gets this accessible name with its number. */
  pageLabel: (page: number, pages: number) => string;
  onLoaded: () => void;
  /** `missing`: the server has no such file (404); `unreadable`: any other failure to fetch or draw it. */
  onFailed: (reason: PdfFailure) => void;
};

export type PdfFailure = 'missing' | 'unreadable';

const failureOf = (error: unknown): PdfFailure =>
  error instanceof ResponseException && error.missing ? 'missing' : 'unreadable';

/**
 * A page as shown: the canvas is its picture, the text layer its text (transparent, over the words
 * it carries), which screen readers read and people select and find; the canvas is hidden from
 * assistive technology so the page is not announced twice.
 */
type ShownPage = {
  page: PDFPageProxy;
  element: HTMLElement;
  canvas: HTMLCanvasElement;
  text: TextLayer;
  painting: RenderTask | null;
};

const pageWidthIn = (container: HTMLElement) =>
  Math.min(container.clientWidth || MAX_PAGE_WIDTH, MAX_PAGE_WIDTH);

const viewportAt = (page: PDFPageProxy, width: number) =>
  page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });

function showPage(page: PDFPageProxy, width: number, label: string): ShownPage {
  const element = document.createElement('div');
  element.className = 'pdf__page';
  element.setAttribute('role', 'group');
  element.setAttribute('aria-label', label);
  const canvas = document.createElement('canvas');
  canvas.className = 'pdf__canvas';
  canvas.setAttribute('aria-hidden', 'true');
  const layer = document.createElement('div');
  layer.className = 'pdf__text';
  element.append(canvas, layer);
  const text = new TextLayer({
    // Marked content keeps what the PDF tags as artifacts (running heads, page numbers) out of what is read.
    textContentSource: page.streamTextContent({ includeMarkedContent: true }),
    container: layer,
    viewport: viewportAt(page, width),
  });
  return { page, element, canvas, text, painting: null };
}

/**
 * Draws the page at `width`: its size, its canvas and its text layer at one scale, so the text stays
 * over the picture whenever the page is drawn again. A drawing still under way gives way to this one.
 */
function paint(shown: ShownPage, width: number): Promise<void> {
  const viewport = viewportAt(shown.page, width);
  const pixelRatio = window.devicePixelRatio || 1;
  shown.painting?.cancel();
  shown.element.style.width = `${Math.floor(viewport.width)}px`;
  // The text layer sizes its runs by this factor (pdf.js's own viewer sets it on each page too).
  shown.element.style.setProperty('--total-scale-factor', String(viewport.scale * viewport.userUnit));
  shown.text.update({ viewport });
  shown.canvas.width = Math.floor(viewport.width * pixelRatio);
  shown.canvas.height = Math.floor(viewport.height * pixelRatio);
  shown.painting = shown.page.render({
    canvas: shown.canvas,
    viewport,
    transform: pixelRatio === 1 ? undefined : [pixelRatio, 0, 0, pixelRatio, 0, 0],
  });
  return shown.painting.promise.catch((error: unknown) => {
    if (!(error instanceof RenderingCancelledException)) throw error;
  });
}

/**
 * A PDF drawn page by page with PDF.js (this module and its worker are lazy chunks): each page a
 * canvas under the page's text, drawn again at a new width when the viewer's width changes (the
 * window resized, the browser zoomed). PDF.js runs no code of the PDF and compiles nothing with eval
 * (the CSP forbids it); the file is read with the session cookie like any same-origin request.
 */
export function PdfDocument(props: PdfDocumentProps) {
  const container = useRef<HTMLElement>(null);
  // The callbacks change on each render of the parent; the drawing depends on the URL only.
  const latest = useRef(props);
  latest.current = props;
  const { url } = props;
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let cancelled = false;
    const shown: ShownPage[] = [];
    let width = pageWidthIn(element);
    const fail = (error: unknown) => {
      if (!cancelled) latest.current.onFailed(failureOf(error));
    };
    const resized = new ResizeObserver(() => {
      const next = pageWidthIn(element);
      if (next === width) return;
      width = next;
      for (const page of shown) paint(page, width).catch(fail);
    });
    resized.observe(element);
    const task = getDocument({ url, isEvalSupported: false });
    task.promise
      .then(async (pdf) => {
        for (let number = 1; number <= pdf.numPages; number += 1) {
          const page = await pdf.getPage(number);
          if (cancelled) return;
          const next = showPage(page, width, latest.current.pageLabel(number, pdf.numPages));
          shown.push(next);
          element.append(next.element);
          await Promise.all([next.text.render(), paint(next, width)]);
          if (number === 1) latest.current.onLoaded();
        }
      })
      .catch(fail);
    return () => {
      cancelled = true;
      resized.disconnect();
      for (const page of shown) {
        page.painting?.cancel();
        page.text.cancel();
      }
      element.replaceChildren();
      // Once no text layer is left, pdf.js removes the canvases it measured text on.
      void task.destroy().then(() => TextLayer.cleanup());
    };
  }, [url]);
  // biome-ignore lint/a11y/noNoninteractiveTabindex: the pages scroll inside the viewer, under its links, and keyboard users must reach them to scroll them
  return <section className="pdf" ref={container} tabIndex={0} aria-label={props.label} />;
}
