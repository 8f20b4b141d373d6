import { Trans, useLingui } from '@lingui/react/macro';
import { useParams } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { materialsMachine } from '../../../../machines/learning/materials.machine';
import { useProvided } from '../../../app/hooks';
import { materialOpening } from '../../../domain/learning/materials';
import { Button } from '../../../ui/Button';
import { DocumentViewer, type ViewedDocument } from '../../../ui/DocumentViewer';
import { LoadFailed, Loading } from '../../../ui/LoadFailed';
import { BackLink } from '../../shell/BackLink';
import { CourseNotAvailable } from '../common/CourseNotAvailable';
import { parseRouteId } from '../common/routeIds';
import { useOverlayInHistory } from '../common/useOverlayInHistory';
import { useStreamPageTitle } from '../common/useStreamPageTitle';
import { materials as providedMaterials } from '../materials.provide';
import './materials.css';

export type MaterialsActor = ActorRefFrom<typeof materialsMachine>;

/**
 * /course/{streamId}/materials: the course's documents, opened in the document viewer, or in a new
 * window when they are another site's page (materials.ts).
 */
export function MaterialsScreen() {
  const params = useParams({ strict: false });
  const actor = useActorRef(useProvided(providedMaterials), {
    input: { streamId: parseRouteId(params.streamId) },
  });
  return <MaterialsView actor={actor} />;
}

export function MaterialsView({ actor }: { actor: MaterialsActor }) {
  const { t } = useLingui();
  const snapshot = useSelector(actor, (state) => state);
  const { streamId, documents, courseTitle, error } = snapshot.context;
  // Which document is open is view state: closing it changes nothing else.
  const [open, setOpen] = useState<ViewedDocument | null>(null);
  // Opened, the document is an entry of the tab's history (`?viewer=open`): Back closes the viewer.
  const closeViewer = useOverlayInHistory({
    shown: open !== null,
    param: 'viewer',
    value: 'open',
    onBack: () => setOpen(null),
  });
  const notFound = snapshot.matches('notFound');
  useStreamPageTitle({ notFound }, t`Materials`);
  if (notFound || streamId === null) return <CourseNotAvailable />;
  return (
    <section className="materials" aria-labelledby="materials-title">
      <BackLink
        className="materials__back"
        to="/course/$streamId/calendar"
        params={{ streamId: String(streamId) }}
      >
        <Trans>Back to the calendar</Trans>
      </BackLink>
      <h1 id="materials-title">
        <Trans>Materials</Trans>
      </h1>
      {courseTitle && <p className="materials__course">{courseTitle}</p>}
      {snapshot.matches('loading') && <Loading label={t`Loading the materials…`} />}
      {snapshot.matches('failed') && (
        <LoadFailed
          text={t`Failed to load the materials.`}
          detail={error?.message}
          onRetry={() => actor.send({ type: 'MATERIALS.RETRY' })}
        />
      )}
      {snapshot.matches('empty') && (
        <p className="materials__empty">
          <Trans>It looks like there are no materials here.</Trans>
        </p>
      )}
      {snapshot.matches('loaded') && (
        <ul className="card-list">
          {documents.map((document) => {
            const opening = materialOpening(document, window.location.origin);
            return (
              <li key={document.id} className="materials__item">
                {opening?.opens === 'viewer' && (
                  <Button
                    variant="link"
                    onClick={() => setOpen({ title: document.title, url: opening.url, kind: opening.kind })}
                  >
                    {document.title}
                  </Button>
                )}
                {opening?.opens === 'newWindow' && (
                  // noreferrer: the other site learns neither the page nor the course the learner came from.
                  <a className="btn btn--link" href={opening.url} target="_blank" rel="noopener noreferrer">
                    {document.title}
                    <span aria-hidden="true" className="materials__new-window">
                      ↗
                    </span>
                    <span className="visually-hidden"> {t`(opens in a new window)`}</span>
                  </a>
                )}
                {opening === null && document.title}
              </li>
            );
          })}
        </ul>
      )}
      {open && (
        <DocumentViewer
          document={open}
          onClose={() => {
            setOpen(null);
            closeViewer();
          }}
        />
      )}
    </section>
  );
}
