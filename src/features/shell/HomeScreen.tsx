import { Trans } from '@lingui/react/macro';

/** Home (/home): the learner's courses; the course list itself is later work. */
export function HomeScreen() {
  return (
    <section className="panel">
      <h1>
        <Trans>My courses</Trans>
      </h1>
      <p className="muted">
        <Trans>This section is not built yet.</Trans>
      </p>
    </section>
  );
}
