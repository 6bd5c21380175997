import { useEffect, useEffectEvent, useState } from 'react';
import { Button, CircularProgress, Stack } from '@mui/material';
import { Form, useTranslate } from 'react-admin';
import { SecretKey } from '../../account/SecretKey';
import type { Enrolment } from '../../account/twoFactor';
import { CodeField } from './CodeStep';
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
  const translate = useTranslate();
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
        <CircularProgress aria-label={translate('app.two_factor.loading')} />
      </Stack>
    );
  return (
    <Form
      onSubmit={(values: Record<string, unknown>) => onCode(String(values.code).trim())}
      noValidate
      disableInvalidFormNotification
    >
      <SecretKey enrolment={enrolment} />
      <CodeField label={translate('app.two_factor.first_code')} help={translate('app.two_factor.first_code_help')} />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2 }}>
        {translate('app.two_factor.verify')}
      </Button>
      <Button onClick={onBack} fullWidth sx={{ mt: 1 }}>
        {translate('app.two_factor.back')}
      </Button>
    </Form>
  );
};
