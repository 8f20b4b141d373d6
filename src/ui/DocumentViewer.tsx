import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { type DocumentKind, documentKind } from '../domain/learning/materials';
import { Dialog } from './Dialog';
import { Notice } from './Notice';
import type { PdfFailure } from './PdfDocument';

// PDF.js is large: it loads when a PDF is opened, never with the page that links to it.
const PdfDocument = lazy(() => import('./PdfDocument').then((module) => ({ default: module.PdfDocument })));

export type ViewedDocument = { title: string; url: string; mimeType?: string | null; kind?: DocumentKind };

/**
 * The app's one document viewer (course materials, the user instruction): a PDF is drawn in the
 * dialog, a web page is framed in it, any other file is offered to open in a new window or to
 * download. Open and download stay at hand for every kind, and are the way out when a PDF cannot be
 * drawn, but not when the server has no such file: both would lead to its error answer.
 */
export function DocumentViewer({ document, onClose }: { document: ViewedDocument; onClose: () => void }) {
  const { t } = useLingui();
  const kind = document.kind ?? documentKind(document.url, document.mimeType);
  // Drawing progress is view state of this dialog.
  const [pdfState, setPdfState] = useState<'loading' | 'shown' | PdfFailure>('loading');
  return (
    <Dialog title={document.title} size="full" closeLabel={t`Close`} onClose={onClose}>
      <div className="document-viewer">
        {pdfState !== 'missing' && (
          <div className="document-viewer__links">
            <a href={document.url} target="_blank" rel="noopener">
              <Trans>Open in a new window</Trans>
            </a>
            {kind !== 'page' && (
              <a href={document.url} download>
                <Trans>Download</Trans>
              </a>
            )}
          </div>
        )}
        {kind === 'page' && <iframe className="dialog__frame" src={document.url} title={document.title} />}
        {kind === 'file' && (
          <p>
            <Trans>This file cannot be shown here. Open it in a new window or download it.</Trans>
          </p>
        )}
        {kind === 'pdf' && (
          <>
            {pdfState === 'loading' && (
              <p role="status">
                <Trans>Loading the document…</Trans>
              </p>
            )}
            <Notice>
              {pdfState === 'unreadable' && (
                <Trans>The document could not be shown. Open it in a new window or download it.</Trans>
              )}
              {pdfState === 'missing' && <Trans>This document is missing. Contact customer care.</Trans>}
            </Notice>
            {(pdfState === 'loading' || pdfState === 'shown') && (
              <Suspense fallback={null}>
                <PdfDocument
                  url={document.url}
                  label={t`Pages of the document`}
                  pageLabel={(page, pages) => t`Page ${page} of ${pages}`}
                  onLoaded={() => setPdfState('shown')}
                  onFailed={setPdfState}
                />
              </Suspense>
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}
