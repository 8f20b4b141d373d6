import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { currentBrand } from './app/brand';
import { activateLanguage, initialLanguage } from './app/i18n';
import { startApp } from './app/start';
import './ui/styles.css';

void currentBrand().then((brand) => {
  // The logo is the largest thing on the sign-in page: fetch it while the config and catalog load.
  new Image().src = brand.assets.logo;
  const root = createRoot(document.getElementById('root') as HTMLElement);

  // The config loads while the language catalog downloads; the first render waits only for the catalog.
  const language = initialLanguage(brand);
  const app = startApp(brand, language);
  void activateLanguage(language).then(() => root.render(<App app={app} />));
});
