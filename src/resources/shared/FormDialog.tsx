import { useId, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Form, useTranslate, type RaRecord } from 'react-admin';
import type { ApiError } from '../../providers/http';

type Values = Record<string, unknown>;
export type FormErrors = Record<string, unknown> | undefined;

/** A refusal as the form shows it: the message at the field the server named, kept as the form's root error too. */
export const serverErrors = ({ field, message }: ApiError): FormErrors => ({
  ...(field && { [field]: message }),
  root: { serverError: message },
});

/** A small form in a dialog: a title, the inputs, Cancel and the submit button; what the submit answers is shown at its fields. */
export const FormDialog = ({
  open,
  onClose,
  title,
  submitLabel,
  submitColor = 'primary',
  onSubmit,
  record,
  maxWidth = 'xs',
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  submitColor?: 'primary' | 'success' | 'error';
  onSubmit: (values: Values) => Promise<FormErrors>;
  record?: Partial<RaRecord>;
  maxWidth?: 'xs' | 'sm';
  children: ReactNode;
}) => {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} maxWidth={maxWidth} fullWidth aria-labelledby={titleId}>
      <Form record={record} onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" color={submitColor}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
};
