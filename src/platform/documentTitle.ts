/** "<page> — <brand>" in the tab, or only the brand on pages without a title of their own. */
export function setDocumentTitle(brandTitle: string, pageTitle?: string): void {
  document.title = pageTitle ? `${pageTitle} — ${brandTitle}` : brandTitle;
}
