import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { currentBrand } from './app/brand';
import { activateLanguage, initialLanguage } from './app/i18n';
import { startApp } from './app/start';
import './ui/styles.css';
import { nextTask } from './platform/nextTask';

void currentBrand().then(async (brand) => {
  // The config loads while the language catalog downloads; the first render waits only for the catalog.
  const language = initialLanguage(brand);
  const catalogActive = activateLanguage(language);
  // Evaluating the scripts and starting the app (router, actors, first calls) are two tasks (the
  // browser gets in between): on a slow phone each alone is long, and together they would hold the
  // page for a third of a second.
  await nextTask();
  const app = await startApp(brand, language);
  await catalogActive;
  const root = createRoot(document.getElementById('root') as HTMLElement);
  // A transition: React renders the first page in slices and lets the browser in between, so the page
  // answers a tap while it is drawn, and the cookie banner's own (urgent) render is not held behind it.
  startTransition(() => root.render(<App app={app} />));
});
