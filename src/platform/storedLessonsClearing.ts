import { clearAllDownloads } from './downloadsStore';
import { lessonPositions } from './lessonPositions';

/**
 * The stored lessons' part of clearing a user's offline data (offlineData.ts): the downloaded
 * lessons with their records, and where the lessons were left. One module, so that the sign-in
 * page's code names one chunk to load for it, not two.
 */
export async function clearStoredLessons(): Promise<void> {
  lessonPositions.forget();
  await clearAllDownloads();
}
