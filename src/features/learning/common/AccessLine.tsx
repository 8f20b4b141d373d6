import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { HTMLAttributes } from 'react';
import { useBrand } from '../../../app/hooks';
import { type AccessText, accessText } from '../../../domain/learning/accessText';
import { formatDate } from '../../../domain/learning/calendarDates';
import type { CourseStream } from '../../../domain/learning/stream';
import { useTimeZone } from './useTimeZone';

/** The words of an access text (content spec, section 4 "Access text"), plurals in the learner's language. */
function useAccessWords(): (text: AccessText) => string {
  const { t, i18n } = useLingui();
  const timeZone = useTimeZone();
  const date = (ms: number) => formatDate(ms, timeZone);
  return (text) => {
    switch (text.kind) {
      case 'startsIn': {
        if (text.wait.unit === 'hour') {
          const hours = text.wait.count;
          return i18n._(
            msg({ message: plural(hours, { one: 'Starts in # hour', other: 'Starts in # hours' }) }),
          );
        }
        const days = text.wait.count;
        return i18n._(msg({ message: plural(days, { one: 'Starts in # day', other: 'Starts in # days' }) }));
      }
      case 'frozenUntil': {
        const until = date(text.date);
        return t`Frozen until ${until}`;
      }
      case 'stoppedOn': {
        if (text.date === null) return t`Access stopped`;
        const on = date(text.date);
        return t`Access stopped on ${on}`;
      }
      case 'endedOn': {
        const on = date(text.date);
        return t`Access ended on ${on}`;
      }
      case 'timeLeft': {
        if (text.wait.unit === 'hour') {
          const hours = text.wait.count;
          return i18n._(
            msg({
              message: plural(hours, { one: '# hour of access left', other: '# hours of access left' }),
            }),
          );
        }
        const days = text.wait.count;
        return i18n._(
          msg({ message: plural(days, { one: '# day of access left', other: '# days of access left' }) }),
        );
      }
      case 'unlimited':
        return t`Access without an end date`;
      case 'openPastEnd': {
        const on = date(text.date);
        return t`Access kept open by your subscription past its end date (${on})`;
      }
      case 'demo':
        return t`Demo access`;
    }
  };
}

/**
 * A stream's access line; within the brand's `daysShowWarning` days of the end it is a warning. A
 * page that sends the focus to it (after a change of the access) gives it an id and tabIndex -1; one
 * where the learner changes the access (a freeze) makes it a status, so the change is announced.
 */
export function AccessLine({
  stream,
  now,
  ...focusTarget
}: { stream: CourseStream; now: number } & Pick<
  HTMLAttributes<HTMLParagraphElement>,
  'id' | 'tabIndex' | 'role'
>) {
  const { t } = useLingui();
  const { daysShowWarning } = useBrand();
  const words = useAccessWords();
  const text = accessText(stream, stream.status, now, daysShowWarning);
  const warning = text.kind === 'timeLeft' && text.warning;
  return (
    <p
      {...focusTarget}
      className={`access-line access-line--${text.kind}${warning ? ' access-line--warning' : ''}`}
    >
      {warning && <span className="visually-hidden">{t`Access ends soon.`} </span>}
      {words(text)}
    </p>
  );
}
