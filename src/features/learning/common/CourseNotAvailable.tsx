import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import './learning.css';

/**
 * A stream the learner cannot open: the address names none of their streams (mistyped, another
 * learner's, or gone). The calendar, each day and the materials show the same, with the way to the
 * learner's own courses; asking the server again would get the same answer, so there is no retry.
 */
export function CourseNotAvailable() {
  return (
    <section className="learning course-not-available panel" aria-labelledby="course-not-available-title">
      <h1 id="course-not-available-title">
        <Trans>This course is not available</Trans>
      </h1>
      <p>
        <Trans>It is not among your courses, or it no longer exists.</Trans>
      </p>
      <Link to="/courses" className="btn btn--primary">
        <Trans>Go to my courses</Trans>
      </Link>
    </section>
  );
}
