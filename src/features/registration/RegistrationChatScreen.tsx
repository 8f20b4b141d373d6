import { Trans, useLingui } from '@lingui/react/macro';
import { Navigate, useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Language } from '../../../brands';
import {
  type BotMessage,
  type ChatMessage,
  type LearnerAnswer,
  type RegistrationChatInput,
  type registrationChatMachine,
  unlinkedProviders,
} from '../../../machines/account/registrationChat.machine';
import { useAppStarting, useBrand, useProvided, useSession } from '../../app/hooks';
import { recordTransitions } from '../../app/transitionRecorder';
import { uploadPercent } from '../../domain/avatar';
import { brandText } from '../../domain/brandText';
import { NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../domain/limits';
import { type LinkSearch, linkOutcomeOf } from '../../domain/linkOutcome';
import type { ChatQuestion, ChatQuestionName } from '../../domain/registrationChat';
import { isRegistrationStatus } from '../../domain/registrationChat';
import { isSocialErrorCode, socialErrorText } from '../../domain/socialErrors';
import { NETWORK_NAMES } from '../../domain/socialNetworks';
import { pushSupported } from '../../platform/pushSubscription';
import { guessTimezone } from '../../platform/timezone';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PasswordField } from '../../ui/PasswordField';
import { PhotoPickButton } from '../../ui/PhotoPickButton';
import { TextField } from '../../ui/TextField';
import { ChatFrame } from './ChatFrame';
import { registrationChat } from './registrationChat.provide';
import '../account/account.css';
import { formatPercent } from '../../ui/formatPercent';

type ChatActor = ActorRefFrom<typeof registrationChatMachine>;
type ChatSnapshot = SnapshotFrom<typeof registrationChatMachine>;

/** The bot's pause before each message; none when the learner asked for reduced motion. */
export const TYPING_MS = 600;

const prefersReducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * /welcome: the registration chat. A guest on a brand with the chat starts it; a learner whose
 * status is a chat step resumes it; anyone else goes to the sign-up form (guests) or home.
 */
export function RegistrationChatScreen() {
  const brand = useBrand();
  // Decided once, on arrival: the chat signs the guest in as it goes, and must stay on screen.
  const sessionUser = useSession((snapshot) => snapshot.context.user);
  const [user] = useState(sessionUser);
  const hasChat = brand.flags.isRegistrationEnable && brand.userInfoChat.questions.length > 0;
  if (!user && !hasChat) return <Navigate to="/signup" replace />;
  if (user && (!isRegistrationStatus(user.status) || brand.userInfoChat.questions.length === 0)) {
    return <Navigate to={brand.assets.homepage} replace />;
  }
  return <RegistrationChat user={user} />;
}

function RegistrationChat({ user }: { user: RegistrationChatInput['user'] }) {
  const brand = useBrand();
  const search = useSearch({ strict: false }) as LinkSearch;
  const [input] = useState(
    (): RegistrationChatInput => ({
      questions: brand.userInfoChat.questions,
      welcomeMessages: brand.userInfoChat.welcomeMessages,
      user,
      typingMs: prefersReducedMotion() ? 0 : TYPING_MS,
      linkReturn: linkOutcomeOf(search),
      canPush: brand.flags.isPushSupport && pushSupported(),
      providers: brand.socialAuth.web,
      timezone: guessTimezone(),
    }),
  );
  const actor = useActorRef(useProvided(registrationChat), { input, inspect: recordTransitions });
  return <RegistrationChatView actor={actor} />;
}

const questionOf = (snapshot: ChatSnapshot): ChatQuestion | undefined =>
  snapshot.context.questions[snapshot.context.index];

export function RegistrationChatView({ actor }: { actor: ChatActor }) {
  const { t } = useLingui();
  const messages = useSelector(actor, (snapshot) => snapshot.context.messages);
  const speaking = useSelector(actor, (snapshot) => snapshot.matches('speaking'));
  const listening = useSelector(actor, (snapshot) => snapshot.matches('listening'));
  const answering = useSelector(actor, (snapshot) => snapshot.hasTag('answering'));
  const finished = useSelector(actor, (snapshot) => snapshot.matches('finished'));
  const stepFailed = useSelector(actor, (snapshot) => snapshot.hasTag('stepFailed'));
  const stepSaving = useSelector(actor, (snapshot) => snapshot.hasTag('stepSaving'));
  const stepError = useSelector(actor, (snapshot) => snapshot.context.stepError);
  const answerArea = useRef<HTMLDivElement>(null);
  const log = useRef<HTMLDivElement>(null);

  // The page is hidden under the preloader while a new session's data loads (after the e-mail step
  // and the password), and a hidden control cannot take the focus: the end of that wait runs the
  // focusing again.
  const starting = useAppStarting();

  // The newest message in view; a new question puts the focus on its answer control.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the transcript, the state or the app's start-up wait changes
  useEffect(() => {
    const list = log.current;
    if (list) list.scrollTop = list.scrollHeight;
    if (listening || finished) {
      answerArea.current?.querySelector<HTMLElement>('input, button')?.focus();
    }
  }, [messages.length, listening, finished, starting]);

  return (
    <ChatFrame>
      <div className="chat">
        <h1 className="chat__title">
          <Trans>Create your account</Trans>
        </h1>
        <div
          className="chat__log"
          role="log"
          aria-live="polite"
          aria-label={t`Conversation`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: on larger screens the log scrolls inside the card, and keyboard users must reach it to scroll it
          tabIndex={0}
          ref={log}
        >
          <ol className="chat__messages">
            {messages.map((message, index) => (
              // The transcript only grows, or loses its last failed attempt: the position is the id.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Message key={index} actor={actor} message={message} />
            ))}
          </ol>
        </div>
        {speaking && (
          <div className="chat__typing" aria-hidden="true">
            <span className="chat__dot" />
            <span className="chat__dot" />
            <span className="chat__dot" />
          </div>
        )}
        <div className="chat__answer" ref={answerArea}>
          {answering && <AnswerControls actor={actor} />}
          {stepSaving && (
            <p className="chat__status" role="status">
              <Trans>Saving…</Trans>
            </p>
          )}
          {stepFailed && (
            <>
              <Notice>{stepError || t`Something went wrong. Check your connection and try again.`}</Notice>
              <Button onClick={() => actor.send({ type: 'CHAT.RETRY' })}>
                <Trans>Try again</Trans>
              </Button>
            </>
          )}
          {finished && (
            <Button className="btn--block" onClick={() => actor.send({ type: 'CHAT.FINISH' })}>
              <Trans>Start learning</Trans>
            </Button>
          )}
        </div>
      </div>
    </ChatFrame>
  );
}

function Message({ actor, message }: { actor: ChatActor; message: ChatMessage }) {
  if (message.from === 'learner') {
    return (
      <li className="chat__message chat__message--learner">
        <LearnerBubble answer={message.answer} />
      </li>
    );
  }
  return (
    <li className="chat__message chat__message--bot">
      <BotBubble actor={actor} say={message.say} />
    </li>
  );
}

function LearnerBubble({ answer }: { answer: LearnerAnswer }) {
  const { t } = useLingui();
  switch (answer.kind) {
    case 'text':
      return <p className="chat__bubble">{answer.text}</p>;
    case 'secret':
      return (
        <p className="chat__bubble">
          <span aria-hidden="true">{'•'.repeat(Math.min(answer.length, 16))}</span>
          <span className="visually-hidden">{t`Password (hidden)`}</span>
        </p>
      );
    case 'photo':
      return (
        <p className="chat__bubble chat__bubble--photo">
          <img className="chat__photo" src={answer.url} alt={t`Your avatar`} width={96} height={96} />
        </p>
      );
    case 'skip':
      return <p className="chat__bubble">{answer.question === 'push' ? t`Not now` : t`Skip`}</p>;
    case 'allowPush':
      return <p className="chat__bubble">{t`Allow`}</p>;
  }
}

function useQuestionPrompt() {
  const { t } = useLingui();
  return (question: ChatQuestionName, name: string): string => {
    switch (question) {
      case 'firstName':
        return t`What is your name?`;
      case 'email':
        return name
          ? t`${name}, what is your e-mail? We'll send your course news there.`
          : t`What is your e-mail? We'll send your course news there.`;
      case 'password': {
        const min = PASSWORD_MIN_LENGTH;
        return t`Choose a password: at least ${min} characters.`;
      }
      case 'socials':
        return t`Link a social network to sign in with one tap.`;
      case 'birthday':
        return t`When is your birthday? (DD.MM.YYYY)`;
      case 'avatarId':
        return t`Add a profile photo so your experts recognise you.`;
      case 'push':
        return t`Shall we remind you about lessons with notifications?`;
    }
  };
}

function useRetryLine() {
  const { t } = useLingui();
  return (question: ChatQuestionName): string => {
    switch (question) {
      case 'firstName':
        return t`Please enter your name again.`;
      case 'email':
        return t`Please enter a correct e-mail.`;
      case 'password':
        return t`Please enter a correct password.`;
      case 'birthday':
        return t`Please enter a correct date.`;
      case 'avatarId':
        return t`Please upload the photo again.`;
      case 'socials':
        return t`Please link the account again.`;
      case 'push':
        return t`Please try again.`;
    }
  };
}

function BotBubble({ actor, say }: { actor: ChatActor; say: BotMessage }) {
  const { t, i18n } = useLingui();
  const brand = useBrand();
  const prompt = useQuestionPrompt();
  const retry = useRetryLine();
  const welcomeMessages = useSelector(actor, (snapshot) => snapshot.context.welcomeMessages);
  const language = i18n.locale as Language;
  let text: string;
  switch (say.kind) {
    case 'welcome':
      text = brandText(welcomeMessages[say.index] ?? '', language, brand.assets.defaultLanguage);
      break;
    case 'welcomeBack': {
      const { name } = say;
      text = name
        ? t`Welcome back, ${name}! Let's finish setting up your account.`
        : t`Welcome back! Let's finish setting up your account.`;
      break;
    }
    case 'question':
      text = prompt(say.question, say.name);
      break;
    case 'retry':
      text = retry(say.question);
      break;
    case 'error':
      text = say.message || t`Something went wrong. Check your connection and send your answer again.`;
      break;
    case 'photoRefused':
      text =
        say.reason === 'tooLarge'
          ? t`This image is too large: choose one of 10 MB at most.`
          : t`This file is not a picture: choose a JPEG, PNG, WebP, GIF or AVIF image.`;
      break;
    case 'generatedPassword':
      return <GeneratedPassword password={say.password} />;
    case 'linked': {
      const network = say.network ? NETWORK_NAMES[say.network] : t`The social network`;
      text = t`${network} is linked.`;
      break;
    }
    case 'linkFailed':
      text = isSocialErrorCode(say.code)
        ? socialErrorText(say.code, language, say.network ?? undefined)
        : say.message || t`The social network could not be linked.`;
      break;
    case 'pushLater':
      text = t`You can turn notifications on later in the settings.`;
      break;
    case 'done': {
      const { name } = say;
      text = name ? t`All set, ${name}! Let's start learning.` : t`All set! Let's start learning.`;
      break;
    }
  }
  return <p className="chat__bubble">{text}</p>;
}

function GeneratedPassword({ password }: { password: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(password).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <div className="chat__bubble chat__bubble--password">
      <p>
        <Trans>
          Your password is <code className="chat__secret">{password}</code>. Save it: you will sign in with
          it.
        </Trans>
      </p>
      <Button variant="secondary" onClick={copy}>
        {copied ? t`Copied` : t`Copy password`}
      </Button>
    </div>
  );
}

/** The answer's controls for the question being asked (and being checked or saved). */
function AnswerControls({ actor }: { actor: ChatActor }) {
  const question = useSelector(actor, questionOf);
  if (!question) return null;
  switch (question.type) {
    case 'socials':
      return <SocialsAnswer actor={actor} question={question} />;
    case 'image':
      return <PhotoAnswer actor={actor} question={question} />;
    case 'push':
      return <PushAnswer actor={actor} />;
    default:
      return <TextAnswer actor={actor} question={question} />;
  }
}

function SkipButton({
  actor,
  question,
  label,
}: {
  actor: ChatActor;
  question: ChatQuestion;
  label?: string;
}) {
  const listening = useSelector(actor, (snapshot) => snapshot.matches('listening'));
  if (question.required) return null;
  return (
    <Button variant="secondary" disabled={!listening} onClick={() => actor.send({ type: 'CHAT.SKIP' })}>
      {label ?? <Trans>Skip</Trans>}
    </Button>
  );
}

function TextAnswer({ actor, question }: { actor: ChatActor; question: ChatQuestion }) {
  const { t } = useLingui();
  const listening = useSelector(actor, (snapshot) => snapshot.matches('listening'));
  // What the machine keeps of the last answer: '' for a new question or a refused answer, the answer
  // itself after a failure that was not its fault, so the learner can send it again.
  const typed = useSelector(actor, (snapshot) => snapshot.context.typed);
  const [value, setValue] = useState(typed);
  useEffect(() => {
    if (listening) setValue(typed);
  }, [listening, typed]);
  const busy = !listening;
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    actor.send({ type: 'CHAT.ANSWER', question: question.name, value });
    setValue('');
  };
  const common = { value, onValueChange: setValue, readOnly: busy };
  let field: React.ReactNode;
  switch (question.type) {
    case 'password':
      field = <PasswordField {...common} label={t`Your password`} autoComplete="new-password" />;
      break;
    case 'email':
    case 'emailWithGeneratedPassword':
      field = (
        <TextField {...common} label={t`Your e-mail`} type="email" autoComplete="email" inputMode="email" />
      );
      break;
    case 'date':
      field = (
        <TextField
          {...common}
          label={t`Your birthday`}
          placeholder={t`DD.MM.YYYY`}
          inputMode="numeric"
          autoComplete="bday"
        />
      );
      break;
    default:
      field = (
        // The field's limit counts UTF-16 units, two for a character beyond the BMP (an emoji): twice
        // the name's limit never cuts a name the chat takes, whose check counts characters.
        <TextField
          {...common}
          label={t`Your name`}
          autoComplete="given-name"
          maxLength={NAME_MAX_LENGTH * 2}
        />
      );
  }
  return (
    <form className="chat__form" onSubmit={send} noValidate>
      {field}
      <div className="chat__actions">
        <Button type="submit" busy={busy}>
          <Trans>Send</Trans>
        </Button>
        <SkipButton actor={actor} question={question} />
      </div>
    </form>
  );
}

function SocialsAnswer({ actor, question }: { actor: ChatActor; question: ChatQuestion }) {
  const { t } = useLingui();
  const networks = useSelector(actor, (snapshot) => unlinkedProviders(snapshot.context));
  const leaving = useSelector(actor, (snapshot) => snapshot.matches('leaving'));
  return (
    <fieldset className="chat__actions chat__fieldset">
      <legend className="visually-hidden">{t`Link a social network`}</legend>
      {networks.map((source) => {
        const network = NETWORK_NAMES[source];
        return (
          <Button
            key={source}
            variant="secondary"
            busy={leaving}
            onClick={() => actor.send({ type: 'CHAT.LINK', source })}
          >
            {t`Link ${network}`}
          </Button>
        );
      })}
      <SkipButton actor={actor} question={question} />
    </fieldset>
  );
}

function PhotoAnswer({ actor, question }: { actor: ChatActor; question: ChatQuestion }) {
  const { t, i18n } = useLingui();
  const uploading = useSelector(actor, (snapshot) => snapshot.matches('uploading'));
  const attaching = useSelector(actor, (snapshot) => snapshot.matches('attaching'));
  const kept = useSelector(actor, (snapshot) => snapshot.context.file !== null);
  const percent = useSelector(actor, (snapshot) =>
    uploadPercent(snapshot.context.sent, snapshot.context.total),
  );
  const progressId = useId();
  const shownPercent = formatPercent(percent, i18n.locale);
  if (uploading) {
    return (
      <div className="chat__progress">
        <label htmlFor={progressId}>{t`Uploading photo… ${shownPercent}`}</label>
        <progress id={progressId} max={100} value={percent} />
        <Button variant="link" onClick={() => actor.send({ type: 'CHAT.CANCEL' })}>
          <Trans>Cancel upload</Trans>
        </Button>
      </div>
    );
  }
  if (attaching) {
    return (
      <p className="chat__status" role="status">
        <Trans>Saving your photo…</Trans>
      </p>
    );
  }
  // After a failure that was not the photo's fault, the photo is kept: sending it again comes first
  // (and takes the focus); choosing another one stays possible.
  return (
    <div className="chat__actions">
      {kept && (
        <Button onClick={() => actor.send({ type: 'CHAT.RESEND' })}>
          <Trans>Send the photo again</Trans>
        </Button>
      )}
      <PhotoPickButton
        label={t`Choose a photo`}
        className={`btn ${kept ? 'btn--secondary' : 'btn--primary'} chat__pick`}
        onPick={(file) => actor.send({ type: 'CHAT.PHOTO', file })}
      />
      <SkipButton actor={actor} question={question} />
    </div>
  );
}

function PushAnswer({ actor }: { actor: ChatActor }) {
  const { t } = useLingui();
  const enabling = useSelector(actor, (snapshot) => snapshot.matches('enablingPush'));
  const question = useSelector(actor, questionOf) as ChatQuestion;
  return (
    <div className="chat__actions">
      <Button busy={enabling} onClick={() => actor.send({ type: 'CHAT.PUSH' })}>
        <Trans>Allow</Trans>
      </Button>
      <SkipButton actor={actor} question={question} label={t`Not now`} />
    </div>
  );
}
