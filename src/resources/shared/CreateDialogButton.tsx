import { useState, type ReactNode } from 'react';
import AddIcon from '@mui/icons-material/Add';
import { Button, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import type { Result } from '../../providers/http';
import { useToasts } from '../../notifications';
import { FormDialog, serverErrors } from './FormDialog';

/**
 * A list's "Add …" button and its form in a dialog: the request goes out when the form is valid;
 * a refusal shows at the field the server named, otherwise as an error toast with its message.
 */
export const CreateDialogButton = ({
  label,
  title = label,
  submitLabel,
  record,
  send,
  done,
  children,
}: {
  label: string;
  title?: string;
  submitLabel: string;
  record?: Partial<RaRecord>;
  send: (values: Record<string, unknown>) => Promise<Result<unknown>>;
  /** The success toast's text, or how to word it from the values sent. */
  done: string | ((values: Record<string, unknown>) => string);
  children: ReactNode;
}) => {
  const translate = useTranslate();
  const toasts = useToasts();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const submit = async (values: Record<string, unknown>) => {
    const result = await send(values);
    if (result.error) {
      if (!result.error.field) toasts.error(translate('app.toast.error'), result.error.message);
      return serverErrors(result.error);
    }
    toasts.success(translate('app.toast.success'), typeof done === 'string' ? done : done(values));
    setOpen(false);
    refresh();
    return undefined;
  };
  return (
    <>
      <Button label={label} onClick={() => setOpen(true)}>
        <AddIcon />
      </Button>
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        title={title}
        submitLabel={submitLabel}
        record={record}
        onSubmit={submit}
        maxWidth="sm"
      >
        {children}
      </FormDialog>
    </>
  );
};
