import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { appRatingMachine } from '../../../machines/support/appRating.machine';
import { useBrand, useProvided } from '../../app/hooks';
import { recordTransitions } from '../../app/transitionRecorder';
import { RATING_COMMENT_MAX_LENGTH, RATING_STARS } from '../../domain/appRating';
import { Button } from '../../ui/Button';
import { formErrorText } from '../../ui/formText';
import { Notice } from '../../ui/Notice';
import { TextField } from '../../ui/TextField';
import { useFocusAfterRemoval } from '../../ui/useFocusAfterRemoval';
import { useMachineForm } from '../../ui/useMachineForm';
import { appRating as providedAppRating } from './appRating.provide';

const pageHeading = () => document.querySelector<HTMLElement>('main h1');

export type AppRatingActor = ActorRefFrom<typeof appRatingMachine>;

const saveFailed = msg`Failed to save your answer. Try again later`;

/** The app rating prompt on the home page; it shows only when the server says it is due. */
export function AppRatingPrompt() {
  const actor = useActorRef(useProvided(providedAppRating), { inspect: recordTransitions });
  return <AppRatingView actor={actor} />;
}

/**
 * A card in the page, not a modal: it never stands between the learner and their lessons, and
 * "Not now" is as easy to reach as the stars.
 */
export function AppRatingView({ actor }: { actor: AppRatingActor }) {
  const { t, i18n } = useLingui();
  const brand = useBrand();
  const snapshot = useSelector(actor, (state) => state);
  const { rating, answer } = useSelector(
    actor,
    (state) => ({ rating: state.context.rating, answer: state.context.answer?.answer }),
    shallowEqual,
  );
  // The comment is a form field like any other: the server's reason under it, the focus on it.
  const {
    context: form,
    busy: saving,
    formProps,
    field,
  } = useMachineForm<'comment', AppRatingActor>(actor, (state) => state.matches('saving'));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const thanked = snapshot.matches('thanked');
  const shown = snapshot.matches('asking') || saving || thanked;
  useEffect(() => {
    // The thanks replace the control that had the focus: give it to the card's heading.
    if (thanked) headingRef.current?.focus();
  }, [thanked]);
  // The card leaves (closed after the thanks, "Not now" or "Don't ask again") with the focus on one
  // of its buttons. It is the last thing on the home page, after the signed-in frame's `main`, so no
  // control follows it: the page's h1 takes the focus, as after a page change.
  useFocusAfterRemoval(shown ? 1 : 0, pageHeading);
  if (!shown) return null;
  const brandTitle = brand.assets.title;
  const title = t`Enjoying ${brandTitle}?`;
  return (
    <aside className="app-rating" aria-labelledby="app-rating-title">
      <h2 id="app-rating-title" ref={headingRef} tabIndex={-1}>
        {thanked ? t`Thank you for your rating!` : title}
      </h2>
      {thanked ? (
        <Button variant="secondary" onClick={() => actor.send({ type: 'RATING.CLOSE' })}>
          <Trans>Close</Trans>
        </Button>
      ) : (
        <form {...formProps} className="app-rating__form">
          <Notice>{formErrorText(i18n, form.formError, saveFailed)}</Notice>
          <fieldset className="app-rating__stars">
            <legend>
              <Trans>Rate the app from 1 to 5 stars</Trans>
            </legend>
            {RATING_STARS.map((stars) => (
              <label key={stars} className="app-rating__star">
                <input
                  type="radio"
                  name="app-rating"
                  value={stars}
                  checked={rating === stars}
                  disabled={saving}
                  onChange={() => actor.send({ type: 'RATING.CHOOSE', rating: stars })}
                />
                <span aria-hidden="true" className={rating !== null && stars <= rating ? 'is-on' : undefined}>
                  ★
                </span>
                <span className="visually-hidden">
                  <Plural value={stars} one="# star" other="# stars" />
                </span>
              </label>
            ))}
          </fieldset>
          <TextField
            label={t`Comment (optional)`}
            multiline
            maxLength={RATING_COMMENT_MAX_LENGTH}
            {...field('comment')}
          />
          <div className="app-rating__actions">
            {/* While one answer is saved the others are disabled; its own button is only busy, so
                the focus stays on it (a disabled button drops it) when the save fails. */}
            <Button
              type="submit"
              busy={saving && answer === 'rated'}
              disabled={rating === null || (saving && answer !== 'rated')}
            >
              <Trans>Send rating</Trans>
            </Button>
            <Button
              variant="secondary"
              busy={saving && answer === 'later'}
              disabled={saving && answer !== 'later'}
              onClick={() => actor.send({ type: 'RATING.LATER' })}
            >
              <Trans>Not now</Trans>
            </Button>
            <Button
              variant="link"
              busy={saving && answer === 'never'}
              disabled={saving && answer !== 'never'}
              onClick={() => actor.send({ type: 'RATING.NEVER' })}
            >
              <Trans>Don't ask again</Trans>
            </Button>
          </div>
        </form>
      )}
    </aside>
  );
}
