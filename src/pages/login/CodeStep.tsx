import { useMemo, type ReactNode } from 'react';
import { Box, Button } from '@mui/material';
import { required } from '../../../domain/validation';
import { useText } from '../../i18n/text';
import { Field, useCheckedForm } from './fields';

/**
 * A code from the authenticator app (or a recovery code): the second step of signing in, and the
 * first code of an enrolment (with the new secret above it).
 */
export const CodeForm = ({
  label,
  help,
  busy,
  onCode,
  onBack,
  children,
}: {
  label: string;
  help: string;
  busy: boolean;
  onCode: (code: string) => void;
  onBack: () => void;
  children?: ReactNode;
}) => {
  const text = useText();
  const checks = useMemo(() => ({ code: [required(label)] }), [label]);
  const { field, submit } = useCheckedForm(checks, (values) => onCode((values.code ?? '').trim()));
  return (
    <Box component="form" onSubmit={submit} noValidate>
      {children}
      <Field
        {...field('code')}
        label={label}
        helperText={help}
        autoComplete="one-time-code"
        autoFocus
        inputProps={{ spellCheck: false, autoCapitalize: 'none' }}
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2 }}>
        {text('app.two_factor.verify')}
      </Button>
      <Button onClick={onBack} fullWidth sx={{ mt: 1 }}>
        {text('app.two_factor.back')}
      </Button>
    </Box>
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
  const text = useText();
  return (
    <CodeForm
      label={text('app.two_factor.code')}
      help={text('app.two_factor.code_help')}
      busy={busy}
      onCode={onCode}
      onBack={onBack}
    />
  );
};
