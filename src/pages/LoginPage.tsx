import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Stack } from '@mui/material';
import { useText } from '../i18n/text';
import { useToasts } from '../notifications/ToastProvider';
import { storeLogin } from '../session/session';
import { CodeStep } from './login/CodeStep';
import { PasswordStep } from './login/PasswordStep';
import {
  isSignedIn,
  isSignedInElsewhere,
  signInSteps,
  type Credentials,
  type SignedIn,
  type SignInAnswer,
} from './login/signIn';
import { SignInLink } from './login/SignInLink';
import { PublicPage } from './PublicPage';

// The prompt few sign-ins reach (MUI's Dialog, its modal and focus trap): loaded when first shown.
const SignedInElsewhereDialog = lazy(() =>
  import('./SignedInElsewhereDialog').then((m) => ({ default: m.SignedInElsewhereDialog })),
);
// Steps reached once in a user's life (enrolment, recovery codes, a first password): the same.
const EnrolStep = lazy(() => import('./login/EnrolStep').then((m) => ({ default: m.EnrolStep })));
const RecoveryCodes = lazy(() => import('../account/RecoveryCodes').then((m) => ({ default: m.RecoveryCodes })));
const ChangePasswordStep = lazy(() =>
  import('./login/ChangePasswordStep').then((m) => ({ default: m.ChangePasswordStep })),
);

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Where signing in stands: the password, then maybe a code or an enrolment, recovery codes, a new password. */
type Step =
  | { name: 'password' }
  | { name: 'code' | 'enrol'; challenge: string }
  | { name: 'recovery'; signedIn: SignedIn }
  | { name: 'change-password'; signedIn: SignedIn; userName: string };

const TITLES: Record<Step['name'], [title: string, intro?: string]> = {
  password: ['app.login.title', 'app.login.subtitle'],
  code: ['app.two_factor.title', 'app.two_factor.code_intro'],
  enrol: ['app.two_factor.enrol_title', 'app.two_factor.enrol_intro'],
  recovery: ['app.two_factor.recovery_title'],
  'change-password': ['app.change_password.title', 'app.change_password.intro'],
};

/**
 * SPEC §2: the sign-in screen at /, every step of signing in on it. A session open elsewhere is
 * ended only after the user agrees; the session is stored only once nothing more is asked, and
 * storing it opens the console at the role's home (Root).
 */
export const LoginPage = () => {
  const translate = useText();
  const toasts = useToasts();
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<Step>({ name: 'password' });
  const [pending, setPending] = useState<{ retry: () => void; message: string } | null>(null);
  const credentials = useRef<Credentials>({ userName: '', password: '' });

  const fail = useCallback(
    (error: unknown) => toasts.error(translate('app.login.failed'), messageOf(error)),
    [toasts, translate],
  );
  const restart = useCallback(() => setStep({ name: 'password' }), []);
  const failAndRestart = useCallback(
    (error: unknown) => {
      fail(error);
      restart();
    },
    [fail, restart],
  );

  const enter = (signedIn: SignedIn) => {
    if (signedIn.mustChangePassword)
      setStep({ name: 'change-password', signedIn, userName: credentials.current.userName });
    else storeLogin(signedIn.accessToken, signedIn.user);
  };

  const next = (answer: SignInAnswer) => {
    if (!isSignedIn(answer))
      setStep({ name: answer.twoFactor === 'enrol' ? 'enrol' : 'code', challenge: answer.challenge });
    else if (answer.recoveryCodes?.length) setStep({ name: 'recovery', signedIn: answer });
    else enter(answer);
  };

  /** One step sent to the server; answered 409, it is sent again with override once the user agrees. */
  const run = async (send: (override: boolean) => Promise<SignInAnswer>, override = false) => {
    setBusy(true);
    try {
      const answer = await send(override);
      setPending(null);
      next(answer);
    } catch (error) {
      if (!override && isSignedInElsewhere(error)) {
        setPending({ message: messageOf(error), retry: () => void run(send, true) });
      } else {
        setPending(null);
        fail(error);
      }
    } finally {
      setBusy(false);
    }
  };

  const signIn = (given: Credentials) => {
    credentials.current = given;
    return run((override) => signInSteps.password({ ...given, override: given.override || override }));
  };

  const changePassword = async (signedIn: SignedIn, password: string) => {
    setBusy(true);
    try {
      await signInSteps.changePassword(signedIn.accessToken, credentials.current.password, password);
    } catch (error) {
      setBusy(false);
      return fail(error);
    }
    // The change ended that session: sign in again with the new password.
    await signIn({ userName: credentials.current.userName, password, override: true });
  };

  const [title, intro] = TITLES[step.name];
  return (
    <PublicPage title={translate(title)} intro={intro && translate(intro)}>
      {step.name === 'password' && (
        <>
          <PasswordStep busy={busy} onSubmit={signIn} />
          <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 2, gap: 1, flexWrap: 'wrap' }}>
            <SignInLink to="/forgot-password">{translate('app.login.forgot')}</SignInLink>
            <SignInLink to="/on-boarding">{translate('app.login.apply')}</SignInLink>
          </Stack>
        </>
      )}
      {step.name === 'code' && (
        <CodeStep
          busy={busy}
          onBack={restart}
          onCode={(code) => run((override) => signInSteps.code(step.challenge, code, override))}
        />
      )}
      <Suspense fallback={null}>
        {step.name === 'enrol' && (
          <EnrolStep
            challenge={step.challenge}
            busy={busy}
            onBack={restart}
            onError={failAndRestart}
            onCode={(code) => run((override) => signInSteps.code(step.challenge, code, override))}
          />
        )}
        {step.name === 'recovery' && (
          <RecoveryCodes codes={step.signedIn.recoveryCodes ?? []} onSaved={() => enter(step.signedIn)} />
        )}
        {step.name === 'change-password' && (
          <ChangePasswordStep
            userName={step.userName}
            busy={busy}
            onPassword={(password) => void changePassword(step.signedIn, password)}
          />
        )}
        {pending && (
          <SignedInElsewhereDialog
            message={pending.message}
            busy={busy}
            onCancel={() => setPending(null)}
            onContinue={() => pending.retry()}
          />
        )}
      </Suspense>
    </PublicPage>
  );
};
