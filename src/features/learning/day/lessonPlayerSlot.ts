import { type ComponentType, createContext } from 'react';
import type { SetLesson } from '../../../domain/learning/day';
import type { DayProgressStatus } from '../../../domain/learning/stream';

export type LessonPlayerProps = {
  streamId: number;
  dayId: number;
  item: SetLesson;
  startTime: number;
  /** The day's progress, which the lesson's statistics tell the server. */
  dayStatus: DayProgressStatus;
};

/**
 * The component that plays a lesson on the day page. The day screen puts the lesson screen here
 * (it starts a lesson machine with the app's effects); the day view alone shows lessons without it.
 */
export const LessonPlayerSlot = createContext<ComponentType<LessonPlayerProps> | null>(null);
