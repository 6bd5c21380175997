import { useEffect, useEffectEvent, useState } from 'react';
import { CircularProgress, Stack } from '@mui/material';
import { SecretKey } from '../../account/SecretKey';
import type { Enrolment } from '../../account/twoFactor';
import { useText } from '../../i18n/text';
import { CodeForm } from './CodeStep';
import { signInSteps } from './signIn';

/** Sign-in of a role that must use two-factor and has not yet: a new secret, then its first code. */
export const EnrolStep = ({
  challenge,
  busy,
  onCode,
  onBack,
  onError,
}: {
  challenge: string;
  busy: boolean;
  onCode: (code: string) => void;
  onBack: () => void;
  onError: (error: unknown) => void;
}) => {
  const text = useText();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  // The secret is asked for once per challenge, whatever the parent's re-renders.
  const reportError = useEffectEvent((error: unknown) => onError(error));
  useEffect(() => {
    let live = true;
    signInSteps.enrol(challenge).then(
      (answer) => live && setEnrolment(answer),
      (error: unknown) => live && reportError(error),
    );
    return () => {
      live = false;
    };
  }, [challenge]);

  if (!enrolment)
    return (
      <Stack sx={{ alignItems: 'center', py: 4 }}>
        <CircularProgress aria-label={text('app.two_factor.loading')} />
      </Stack>
    );
  return (
    <CodeForm
      label={text('app.two_factor.first_code')}
      help={text('app.two_factor.first_code_help')}
      busy={busy}
      onCode={onCode}
      onBack={onBack}
    >
      <SecretKey enrolment={enrolment} />
    </CodeForm>
  );
};
