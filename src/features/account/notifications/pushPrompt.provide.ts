import { fromCallback, fromPromise } from 'xstate';
import { pushPromptMachine, type UsageEvent } from '../../../../machines/account/pushPrompt.machine';
import type { AppEffects } from '../../../app/effects';
import { isDeclineFresh } from '../../../domain/pushPrompt';
import { pushPermission } from '../../../platform/pushSubscription';
import { safeLocalStorage } from '../../../platform/tokenStorage';
import { enablePush } from './notificationSettings.provide';

/** When the learner last said "Not now" (ms since the epoch). */
const DECLINED_AT_KEY = 'lp_push_prompt_declined_at';
/** The page views and time in view counted so far on this device. */
const USAGE_KEY = 'lp_push_prompt_usage';
type Usage = { views: number; visibleMs: number };
/** How often the time in view is added up; the browser slows timers in hidden tabs, which count nothing. */
const VISIBLE_TICK_MS = 1000;

function declinedAt(): number | null {
  const stored = Number(safeLocalStorage()?.getItem(DECLINED_AT_KEY) ?? Number.NaN);
  return Number.isFinite(stored) ? stored : null;
}

/** Adds up the time the page is in view, from the clock (a throttled timer would under-count). */
function watchVisibleTime(onTotal: (totalMs: number) => void): () => void {
  let since = document.visibilityState === 'visible' ? Date.now() : null;
  let totalMs = 0;
  const report = () => {
    if (since !== null) {
      const now = Date.now();
      totalMs += now - since;
      since = now;
      onTotal(totalMs);
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

/** The use counted on this device in earlier visits; anything unreadable counts as none. */
function storedUsage(): Usage {
  try {
    const stored: unknown = JSON.parse(safeLocalStorage()?.getItem(USAGE_KEY) ?? 'null');
    if (stored && typeof stored === 'object') {
      const { views, visibleMs } = stored as Record<string, unknown>;
      if (isCount(views) && isCount(visibleMs)) return { views, visibleMs };
    }
  } catch {
    // Not JSON: start again.
  }
  return { views: 0, visibleMs: 0 };
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

/**
 * The pages the router shows (the one on screen counts) and the time in view, as running totals
 * over every visit on this device: a learner who opens the app for a minute a day is offered push
 * on the second day, not never.
 */
const watchUsage = (effects: AppEffects) =>
  fromCallback<UsageEvent>(({ sendBack }) => {
    const usage = storedUsage();
    const save = () => safeLocalStorage()?.setItem(USAGE_KEY, JSON.stringify(usage));
    const countView = () => {
      usage.views += 1;
      save();
      sendBack({ type: 'USAGE.PAGE_VIEWS', total: usage.views });
    };
    countView();
    const stopViews = effects.navigationHistory.subscribe(countView);
    const earlierMs = usage.visibleMs;
    const stopTime = watchVisibleTime((visitMs) => {
      usage.visibleMs = earlierMs + visitMs;
      save();
      sendBack({ type: 'USAGE.VISIBLE', totalMs: usage.visibleMs });
    });
    return () => {
      stopViews();
      stopTime();
    };
  });

export const pushPrompt = (effects: AppEffects) =>
  pushPromptMachine.provide({
    actors: {
      isEligible: fromPromise(
        async () => (await pushPermission()) === 'default' && !isDeclineFresh(declinedAt(), Date.now()),
      ),
      watchUsage: watchUsage(effects),
      enablePush: fromPromise(() => enablePush(effects.api)),
    },
    actions: {
      rememberDecline: () => safeLocalStorage()?.setItem(DECLINED_AT_KEY, String(Date.now())),
    },
  });
