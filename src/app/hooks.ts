import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { type Context, createContext, useCallback, useContext, useMemo } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Language } from '../../brands';
import type { appMachine } from '../../machines/shell/app.machine';
import type { routeGuardMachine } from '../../machines/shell/routeGuard.machine';
import type { sessionMachine } from '../../machines/shell/session.machine';
import type { AppEffects } from './effects';
import { switchLanguage } from './i18n';

export type AppActor = ActorRefFrom<typeof appMachine>;
export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type RouteGuardActor = ActorRefFrom<typeof routeGuardMachine>;

/** The root actor: views read the brand, the session and the loaded data from it. */
export const AppActorContext = createContext<AppActor | null>(null);

/** The shared effects: only screens that start a machine need them (see useProvided). */
export const AppEffectsContext = createContext<AppEffects | null>(null);

/** A context's value; rendered outside its provider (a mistake in the tree), a component fails. */
function useContextValue<T>(context: Context<T | null>): T {
  const value = useContext(context);
  if (!value) throw new Error('rendered outside its context provider');
  return value;
}

export function useAppActor(): AppActor {
  return useContextValue(AppActorContext);
}

/** A flow's machine with the app's shared effects handed in (a `<flow>.provide.ts` function), made once. */
export function useProvided<T>(provide: (effects: AppEffects) => T): T {
  const effects = useContextValue(AppEffectsContext);
  return useMemo(() => provide(effects), [provide, effects]);
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

/**
 * Whether the app is still starting (shell spec, section 4 "App start"): the config not in, the
 * session not known, or a signed-in learner's data not loaded or failed. The preloader shows then,
 * and the page under it is hidden (it cannot take the focus until it shows again).
 */
export function useAppStarting(): boolean {
  const running = useApp((snapshot) => snapshot.matches({ lifecycle: 'running' }));
  const dataSettled = useApp(
    (snapshot) => snapshot.matches({ data: 'loaded' }) || snapshot.matches({ data: 'fail' }),
  );
  const sessionState = useSession((snapshot) => snapshot.value);
  const sessionKnown = sessionState === 'signedIn' || sessionState === 'signedOut';
  return !running || !sessionKnown || (sessionState === 'signedIn' && !dataSettled);
}

/** The active language, the brand's languages, and the switch (remembered, sent with every call). */
export function useLanguage() {
  const { i18n } = useLingui();
  const languages = useApp((snapshot) => snapshot.context.brand.assets.supportedLanguage);
  const change = useCallback((language: Language) => void switchLanguage(language), []);
  return { language: i18n.locale, languages, change };
}
