import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { createContext, useCallback, useContext } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Language } from '../../brands';
import type { appMachine } from '../../machines/app.machine';
import type { sessionMachine } from '../../machines/session.machine';
import { switchLanguage } from './i18n';

export type AppActor = ActorRefFrom<typeof appMachine>;
export type SessionActor = ActorRefFrom<typeof sessionMachine>;

export const AppActorContext = createContext<AppActor | null>(null);

export function useAppActor(): AppActor {
  const actor = useContext(AppActorContext);
  if (!actor) throw new Error('useAppActor needs <AppActorContext.Provider>');
  return actor;
}

/** Reads the root (app) actor; pass `compare` (e.g. shallowEqual) when the selector builds objects. */
export function useApp<T>(
  selector: (snapshot: SnapshotFrom<typeof appMachine>) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  return useSelector(useAppActor(), selector, compare);
}

export function useSessionActor(): SessionActor {
  return useAppActor().system.get('session');
}

export function useSession<T>(
  selector: (snapshot: SnapshotFrom<typeof sessionMachine>) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  return useSelector(useSessionActor(), selector, compare);
}

export const useBrand = () => useApp((snapshot) => snapshot.context.brand);

/** The active language, the brand's languages, and the switch (remembered, sent with every call). */
export function useLanguage() {
  const { i18n } = useLingui();
  const languages = useApp((snapshot) => snapshot.context.brand.assets.supportedLanguage);
  const change = useCallback((language: Language) => void switchLanguage(language), []);
  return { language: i18n.locale, languages, change };
}
