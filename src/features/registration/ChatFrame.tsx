import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useBrand, useLanguage, useSession } from '../../app/hooks';
import { LanguageSelect } from '../../ui/LanguageSelect';
import { Logo } from '../../ui/Logo';
import { GuestLayout } from '../auth/GuestLayout';
import { SupportBlock } from '../auth/SupportBlock';

/**
 * The chat's frame. A guest has the guest pages' frame. From the moment the chat has made the account
 * (or when a learner resumes at status 20, 30 or 40), the learner is signed in and the route guard
 * sends every signed-in page back here, so the frame keeps only what works from here, as the forced
 * password change and profile completion do (`Header` in SignedInLayout.tsx): the logo is not a link
 * (every page it could lead to comes back here), and "Sign out" leads to the logout page, which the
 * guard always allows (shell spec, section 4 "Route guard order", rule 1).
 * The signed-in frame is drawn here, not by `GuestLayout`, so that the sign-in page does not carry it.
 * The change of frame as the e-mail step signs in draws the conversation anew from the machine's
 * context, while the page is hidden under the preloader of the new session's start.
 */
export function ChatFrame({ children }: { children: ReactNode }) {
  const signedIn = useSession((snapshot) => snapshot.context.user !== null);
  if (!signedIn) return <GuestLayout>{children}</GuestLayout>;
  return <SignedInFrame>{children}</SignedInFrame>;
}

function SignedInFrame({ children }: { children: ReactNode }) {
  const brand = useBrand();
  const { language, languages, change } = useLanguage();
  return (
    <div className="guest">
      <header className="guest__top">
        <span className="guest__logo">
          <Logo src={brand.assets.logo} title={brand.assets.title} />
        </span>
        <div className="chat__top-end">
          <LanguageSelect languages={languages} value={language} onChange={change} />
          {/* No return address: signing in again leads back to the chat anyway. */}
          <Link to="/logout" className="header__sign-out">
            <Trans>Sign out</Trans>
          </Link>
        </div>
      </header>
      <main className="card">{children}</main>
      {/* Without "Write to us": that form is the guest's (shell spec, section 1: "a support block
          for non-authorized users"), and the signed-in support (/support, docs/SUPPORT.md) is an
          `auth` page, which the route guard sends back to the chat until the registration is
          finished (docs/REGISTRATION_CHAT.md). So a learner in the chat writes by e-mail or
          WhatsApp, and has the signed-in support once the chat is done. */}
      <SupportBlock signedIn />
      <footer className="footer">{brand.assets.footer}</footer>
    </div>
  );
}
