import { Alert, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The shortest remark the server takes (server/services/audit/checker-queue.ts). */
export const MIN_REMARK = 3;

export const remarkReady = (remark: string) => remark.trim().length >= MIN_REMARK;

/** Why a checker turns a request down: the maker reads it in the record's history. */
export const RemarkField = ({ value, onChange }: { value: string; onChange: (remark: string) => void }) => {
  const translate = useTranslate();
  return (
    <TextField
      label={translate('app.approvals.remark')}
      helperText={translate('app.approvals.remark_help')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      fullWidth
      multiline
      minRows={2}
      sx={{ mt: 2 }}
    />
  );
};

/** A refusal from the server, shown once in the dialog that asked. */
export const DialogError = ({ error }: { error: string | null }) =>
  error ? (
    <Alert severity="error" sx={{ mt: 2 }} role="alert">
      {error}
    </Alert>
  ) : null;
