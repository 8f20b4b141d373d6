import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useParams } from '@tanstack/react-router';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { supportMachine } from '../../../machines/support/support.machine';
import { useBrand, useProvided } from '../../app/hooks';
import { recordTransitions } from '../../app/transitionRecorder';
import {
  choiceFromPath,
  NO_CHOICE,
  NOT_ABOUT_A_COURSE,
  renewalCategoryIds,
  type SupportChoice,
} from '../../domain/support';
import { hasVisibleText } from '../../domain/text';
import { Button } from '../../ui/Button';
import { formErrorText } from '../../ui/formText';
import { LoadFailed, Loading } from '../../ui/LoadFailed';
import { Notice } from '../../ui/Notice';
import { ResultNotice } from '../../ui/ResultNotice';
import { SupportMessageField } from '../../ui/SupportMessageField';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useMachineForm } from '../../ui/useMachineForm';
import { support as providedSupport } from './support.provide';
import '../account/account.css';

export type SupportActor = ActorRefFrom<typeof supportMachine>;

const sendFailed = msg`Failed to send the message. Try again later`;

/**
 * /support, /support/{categoryId}, /support/{categoryId}/{streamId|none}: the three routes share this
 * component, so the machine (and what it loaded) lives on while the address follows the learner's
 * choices (the machine's `showChoice`), and the browser's back and forward buttons walk them back.
 */
export function SupportScreen() {
  const params = useParams({ strict: false });
  const routeChoice = choiceFromPath(params.categoryId, params.streamId);
  const brand = useBrand();
  const actor = useActorRef(useProvided(providedSupport), {
    input: { renewalCategoryIds: renewalCategoryIds(brand.supportCategoryIds), choice: routeChoice },
    inspect: recordTransitions,
  });
  const { categoryId, course } = routeChoice;
  // Browser navigation: the address's choice goes to the machine, which shows it already.
  useEffect(() => {
    actor.send({ type: 'SUPPORT.SELECT', choice: { categoryId, course }, fromAddress: true });
  }, [actor, categoryId, course]);
  return <SupportView actor={actor} />;
}

export function SupportView({ actor }: { actor: SupportActor }) {
  const { t } = useLingui();
  const snapshot = useSelector(actor, (state) => state);
  useDocumentTitle(t`Support`);
  return (
    <section className="support" aria-labelledby="support-title">
      <h1 id="support-title">
        <Trans>Support</Trans>
      </h1>
      {snapshot.matches('loading') && <Loading label={t`Loading support topics…`} />}
      {snapshot.matches('failed') && (
        <LoadFailed
          text={t`Failed to load support topics.`}
          detail={snapshot.context.loadError?.message}
          onRetry={() => actor.send({ type: 'SUPPORT.RETRY' })}
        />
      )}
      {snapshot.matches('ready') && <Steps actor={actor} />}
    </section>
  );
}

/** Whether a step that appears takes the focus: not the first one, which the page opened with. */
const FocusNewStep = createContext(false);

function Steps({ actor }: { actor: SupportActor }) {
  const snapshot = useSelector(actor, (state) => state);
  const rendered = useRef(false);
  useEffect(() => {
    rendered.current = true;
  }, []);
  return (
    <FocusNewStep.Provider value={rendered.current}>
      <Step actor={actor} snapshot={snapshot} />
    </FocusNewStep.Provider>
  );
}

function Step({
  actor,
  snapshot,
}: {
  actor: SupportActor;
  snapshot: ReturnType<SupportActor['getSnapshot']>;
}) {
  const select = (choice: SupportChoice) => actor.send({ type: 'SUPPORT.SELECT', choice });
  if (snapshot.matches({ ready: 'sent' })) return <Sent onBack={() => select(NO_CHOICE)} />;
  if (snapshot.matches({ ready: 'choosingTopic' })) return <TopicChoice actor={actor} />;
  return (
    <>
      <ChoiceSummary actor={actor} />
      {snapshot.matches({ ready: 'choosingCourse' }) && <CourseChoice actor={actor} />}
      {(['composing', 'sending', 'sendFailed'] as const).some((step) =>
        snapshot.matches({ ready: step }),
      ) && <MessageForm actor={actor} />}
      {(['renewal', 'renewing', 'renewalFailed'] as const).some((step) =>
        snapshot.matches({ ready: step }),
      ) && <Renewal actor={actor} />}
    </>
  );
}

/** A step's heading takes the focus when the step appears, so a reader hears where they are. */
function StepHeading({ id, children }: { id: string; children: React.ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  // Read once: the step that was there when the page opened never takes the focus later.
  const focusOnMount = useRef(useContext(FocusNewStep));
  useEffect(() => {
    if (focusOnMount.current) ref.current?.focus();
  }, []);
  return (
    <h2 id={id} ref={ref} tabIndex={-1}>
      {children}
    </h2>
  );
}

function TopicChoice({ actor }: { actor: SupportActor }) {
  const categories = useSelector(actor, (snapshot) => snapshot.context.categories);
  return (
    <div className="support__step">
      <StepHeading id="support-topic-title">
        <Trans>What is your question about?</Trans>
      </StepHeading>
      {categories.length === 0 ? (
        <p>
          <Trans>No support topics are available right now.</Trans>
        </p>
      ) : (
        <ul className="support__choices" aria-labelledby="support-topic-title">
          {categories.map((category) => (
            <li key={category.id}>
              <Button
                variant="secondary"
                className="support__choice"
                onClick={() =>
                  actor.send({ type: 'SUPPORT.SELECT', choice: { categoryId: category.id, course: null } })
                }
              >
                {category.title}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CourseChoice({ actor }: { actor: SupportActor }) {
  const { courses, categoryId } = useSelector(
    actor,
    (snapshot) => ({ courses: snapshot.context.courses, categoryId: snapshot.context.choice.categoryId }),
    shallowEqual,
  );
  const choose = (course: SupportChoice['course']) =>
    actor.send({ type: 'SUPPORT.SELECT', choice: { categoryId, course } });
  return (
    <div className="support__step">
      <StepHeading id="support-course-title">
        <Trans>Which course is it about?</Trans>
      </StepHeading>
      <ul className="support__choices" aria-labelledby="support-course-title">
        {courses.map((course) => (
          <li key={course.streamId}>
            <Button variant="secondary" className="support__choice" onClick={() => choose(course.streamId)}>
              {course.title}
            </Button>
          </li>
        ))}
        <li>
          <Button variant="secondary" className="support__choice" onClick={() => choose(NOT_ABOUT_A_COURSE)}>
            <Trans>Not about a course</Trans>
          </Button>
        </li>
      </ul>
    </div>
  );
}

/** The choices made so far, each with a way to change it. */
function ChoiceSummary({ actor }: { actor: SupportActor }) {
  const { choice, categories, courses } = useSelector(actor, (snapshot) => snapshot.context, shallowEqual);
  const topic = categories.find((category) => category.id === choice.categoryId);
  const course = courses.find((item) => item.streamId === choice.course);
  return (
    <dl className="support__summary">
      <div className="support__summary-row">
        <dt>
          <Trans>Topic</Trans>
        </dt>
        <dd>{topic?.title}</dd>
        <dd>
          <Button variant="link" onClick={() => actor.send({ type: 'SUPPORT.SELECT', choice: NO_CHOICE })}>
            <Trans>Change topic</Trans>
          </Button>
        </dd>
      </div>
      {choice.course !== null && (
        <div className="support__summary-row">
          <dt>
            <Trans>Course</Trans>
          </dt>
          <dd>{course ? course.title : <Trans>Not about a course</Trans>}</dd>
          <dd>
            <Button
              variant="link"
              onClick={() =>
                actor.send({
                  type: 'SUPPORT.SELECT',
                  choice: { categoryId: choice.categoryId, course: null },
                })
              }
            >
              <Trans>Change course</Trans>
            </Button>
          </dd>
        </div>
      )}
    </dl>
  );
}

function MessageForm({ actor }: { actor: SupportActor }) {
  const { i18n } = useLingui();
  const {
    context: form,
    busy: sending,
    formProps,
    field,
  } = useMachineForm<'message', SupportActor>(actor, (snapshot) => snapshot.matches({ ready: 'sending' }));
  return (
    <div className="support__step">
      <StepHeading id="support-message-title">
        <Trans>Your message</Trans>
      </StepHeading>
      <form {...formProps} aria-labelledby="support-message-title">
        <Notice>{formErrorText(i18n, form.formError, sendFailed)}</Notice>
        <SupportMessageField {...field('message')} />
        <p className="support__note">
          <Trans>Experts answer within 24 hours.</Trans>
        </p>
        <Button type="submit" busy={sending} disabled={!hasVisibleText(form.message)}>
          <Trans>Send</Trans>
        </Button>
      </form>
    </div>
  );
}

/** A renewal topic about a course: one tap, no message (the server writes it). */
function Renewal({ actor }: { actor: SupportActor }) {
  const { i18n } = useLingui();
  const { renewing, formError } = useSelector(
    actor,
    (snapshot) => ({
      renewing: snapshot.matches({ ready: 'renewing' }),
      formError: snapshot.context.formError,
    }),
    shallowEqual,
  );
  return (
    <div className="support__step">
      <StepHeading id="support-renewal-title">
        <Trans>Renewal request</Trans>
      </StepHeading>
      <Notice>{formErrorText(i18n, formError, sendFailed)}</Notice>
      <p>
        <Trans>No message is needed: send the request and an expert will renew it or contact you.</Trans>
      </p>
      <Button busy={renewing} onClick={() => actor.send({ type: 'SUPPORT.RENEW' })}>
        <Trans>Request renewal</Trans>
      </Button>
    </div>
  );
}

function Sent({ onBack }: { onBack: () => void }) {
  return (
    <div className="support__step">
      <ResultNotice tone="success">
        <Trans>Message sent. Experts answer within 24 hours.</Trans>
      </ResultNotice>
      <Button variant="secondary" onClick={onBack}>
        <Trans>Back to support</Trans>
      </Button>
    </div>
  );
}
