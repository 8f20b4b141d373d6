import { fromCallback, fromPromise } from 'xstate';
import { pushPromptMachine, type UsageEvent } from '../../../../machines/account/pushPrompt.machine';
import type { AppEffects } from '../../../app/effects';
import { isDeclineFresh } from '../../../domain/pushPrompt';
import { pushPermission } from '../../../platform/pushSubscription';
import { safeLocalStorage } from '../../../platform/tokenStorage';
import { enablePush } from './notificationSettings.provide';

/** When the learner last said "Not now" (ms since the epoch). */
const DECLINED_AT_KEY = 'lp_push_prompt_declined_at';
/** How often the time in view is added up; the browser slows timers in hidden tabs, which count nothing. */
const VISIBLE_TICK_MS = 1000;

function declinedAt(): number | null {
  const stored = Number(safeLocalStorage()?.getItem(DECLINED_AT_KEY) ?? Number.NaN);
  return Number.isFinite(stored) ? stored : null;
}

/** Adds up the time the page is in view, from the clock (a throttled timer would under-count). */
function watchVisibleTime(sendBack: (event: UsageEvent) => void): () => void {
  let since = document.visibilityState === 'visible' ? Date.now() : null;
  let totalMs = 0;
  const report = () => {
    if (since !== null) {
      const now = Date.now();
      totalMs += now - since;
      since = now;
      sendBack({ type: 'USAGE.VISIBLE', totalMs });
    }
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') since ??= Date.now();
    else {
      report();
      since = null;
    }
  };
  const timer = setInterval(report, VISIBLE_TICK_MS);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/**
 * The pages the router shows in this visit (the one on screen counts as the first) and the time in
 * view, as the running totals the machine compares with the spec's delays.
 */
const watchUsage = (effects: AppEffects) =>
  fromCallback<UsageEvent>(({ sendBack }) => {
    let views = 1;
    sendBack({ type: 'USAGE.PAGE_VIEWS', total: views });
    const stopViews = effects.navigationHistory.subscribe(() => {
      views += 1;
      sendBack({ type: 'USAGE.PAGE_VIEWS', total: views });
    });
    const stopTime = watchVisibleTime(sendBack);
    return () => {
      stopViews();
      stopTime();
    };
  });

export const pushPrompt = (effects: AppEffects) =>
  pushPromptMachine.provide({
    actors: {
      isEligible: fromPromise(
        async () => pushPermission() === 'default' && !isDeclineFresh(declinedAt(), Date.now()),
      ),
      watchUsage: watchUsage(effects),
      enablePush: fromPromise(() => enablePush(effects.api)),
    },
    actions: {
      rememberDecline: () => safeLocalStorage()?.setItem(DECLINED_AT_KEY, String(Date.now())),
    },
  });
