import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { BootstrapGate } from '../features/shell/BootstrapGate';
import { type AppActor, AppActorContext } from './hooks';
import { i18n } from './i18n';
import type { AppRouter } from './router';

export function App({ actor, router }: { actor: AppActor; router: AppRouter }) {
  return (
    <I18nProvider i18n={i18n}>
      <AppActorContext.Provider value={actor}>
        <BootstrapGate>
          <RouterProvider router={router} />
        </BootstrapGate>
      </AppActorContext.Provider>
    </I18nProvider>
  );
}
