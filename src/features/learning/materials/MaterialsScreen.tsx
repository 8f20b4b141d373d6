import { Trans, useLingui } from '@lingui/react/macro';
import { useParams } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { materialsMachine } from '../../../../machines/learning/materials.machine';
import { useProvided } from '../../../app/hooks';
import type { CourseDocument } from '../../../domain/learning/course';
import { documentKind, documentUrl } from '../../../domain/learning/materials';
import { Button } from '../../../ui/Button';
import { DocumentViewer, type ViewedDocument } from '../../../ui/DocumentViewer';
import { LoadFailed, Loading } from '../../../ui/LoadFailed';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { BackLink } from '../../shell/BackLink';
import { materials as providedMaterials } from '../materials.provide';
import './materials.css';

export type MaterialsActor = ActorRefFrom<typeof materialsMachine>;

/** /course/{streamId}/materials: the course's documents, each opened in the document viewer. */
export function MaterialsScreen() {
  const params = useParams({ strict: false });
  const streamId = Number(params.streamId);
  const actor = useActorRef(useProvided(providedMaterials), {
    input: { streamId: Number.isSafeInteger(streamId) && streamId > 0 ? streamId : 0 },
  });
  return <MaterialsView actor={actor} />;
}

function toViewed(document: CourseDocument): ViewedDocument | null {
  const url = documentUrl(document);
  if (!url) return null;
  return { title: document.title, url, kind: documentKind(url, document.file?.mimeType ?? null) };
}

export function MaterialsView({ actor }: { actor: MaterialsActor }) {
  const { t } = useLingui();
  const snapshot = useSelector(actor, (state) => state);
  const { streamId, documents, courseTitle, error } = snapshot.context;
  // Which document is open is view state: closing it changes nothing else.
  const [open, setOpen] = useState<ViewedDocument | null>(null);
  useDocumentTitle(t`Materials`);
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
            const viewed = toViewed(document);
            return (
              <li key={document.id} className="materials__item">
                {viewed ? (
                  <Button variant="link" onClick={() => setOpen(viewed)}>
                    {document.title}
                  </Button>
                ) : (
                  document.title
                )}
              </li>
            );
          })}
        </ul>
      )}
      {open && <DocumentViewer document={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
