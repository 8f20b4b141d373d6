import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { BootstrapGate } from '../features/shell/BootstrapGate';
import { AppActorContext, AppEffectsContext } from './hooks';
import { i18n } from './i18n';
import type { StartedApp } from './start';

export function App({ app }: { app: StartedApp }) {
  return (
    <I18nProvider i18n={i18n}>
      <AppActorContext.Provider value={app.root}>
        <AppEffectsContext.Provider value={app.effects}>
          <BootstrapGate>
            <RouterProvider router={app.router} />
          </BootstrapGate>
        </AppEffectsContext.Provider>
      </AppActorContext.Provider>
    </I18nProvider>
  );
}
