import { useMemo } from 'react';
import { Button } from '@mui/material';
import { Form, TextInput, useTranslate } from 'react-admin';
import { required } from '../../../domain/validation';

/** A code from the authenticator app (or a recovery code): the second step of signing in. */
export const CodeField = ({ label, help }: { label: string; help: string }) => {
  const validate = useMemo(() => required(label), [label]);
  return (
    <TextInput
      source="code"
      label={label}
      helperText={help}
      validate={validate}
      autoComplete="one-time-code"
      autoFocus
      slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
    />
  );
};

export const CodeStep = ({
  busy,
  onCode,
  onBack,
}: {
  busy: boolean;
  onCode: (code: string) => void;
  onBack: () => void;
}) => {
  const translate = useTranslate();
  return (
    <Form
      onSubmit={(values: Record<string, unknown>) => onCode(String(values.code).trim())}
      noValidate
      disableInvalidFormNotification
    >
      <CodeField label={translate('app.two_factor.code')} help={translate('app.two_factor.code_help')} />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2 }}>
        {translate('app.two_factor.verify')}
      </Button>
      <Button onClick={onBack} fullWidth sx={{ mt: 1 }}>
        {translate('app.two_factor.back')}
      </Button>
    </Form>
  );
};
