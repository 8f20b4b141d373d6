import { AppRatingPrompt } from './AppRatingPrompt';
import { OldCabinetNotice } from './OldCabinetNotice';
import './homePrompts.css';

/** What the home page adds below the learner's courses: the old-site notice and the rating prompt. */
export function HomePrompts() {
  return (
    <div className="home-prompts">
      <OldCabinetNotice />
      <AppRatingPrompt />
    </div>
  );
}
