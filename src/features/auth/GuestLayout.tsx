import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useBrand, useLanguage } from '../../app/hooks';
import { LanguageSelect } from '../../ui/LanguageSelect';
import { Logo } from '../../ui/Logo';
import { SupportBlock } from './SupportBlock';

/** Frame of the pages for visitors who are not signed in: logo, language, the card, support, footer. */
export function GuestLayout({ children }: { children: ReactNode }) {
  const brand = useBrand();
  const { language, languages, change } = useLanguage();
  return (
    <div className="guest">
      <header className="guest__top">
        <Link to="/" className="guest__logo">
          <Logo src={brand.assets.logo} title={brand.assets.title} />
        </Link>
        <LanguageSelect languages={languages} value={language} onChange={change} />
      </header>
      <main className="card">{children}</main>
      <SupportBlock />
      <footer className="footer">{brand.assets.footer}</footer>
    </div>
  );
}
