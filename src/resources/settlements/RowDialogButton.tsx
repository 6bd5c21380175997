import { useState, type ReactElement, type ReactNode } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import type { RaRecord } from 'react-admin';
import { FormDialog, type FormErrors } from '../shared/FormDialog';

/**
 * A row's icon button that opens a small form (approve, reject); `onSubmit` answers true when done,
 * or the errors to show. Clicks stay out of the row, which opens the show view.
 */
export const RowDialogButton = ({
  label,
  name,
  icon,
  color,
  title,
  submitLabel,
  record,
  onSubmit,
  children,
}: {
  label: string;
  name: string;
  icon: ReactElement;
  color: 'success' | 'error';
  title: string;
  submitLabel: string;
  record?: Partial<RaRecord>;
  onSubmit: (values: Record<string, unknown>) => Promise<true | FormErrors>;
  children: ReactNode;
}) => {
  const [open, setOpen] = useState(false);
  const submit = async (values: Record<string, unknown>) => {
    const answer = await onSubmit(values);
    if (answer !== true) return answer;
    setOpen(false);
    return undefined;
  };
  return (
    <span onClick={(event) => event.stopPropagation()}>
      <Tooltip title={label}>
        <IconButton size="small" color={color} aria-label={`${label} ${name}`} onClick={() => setOpen(true)}>
          {icon}
        </IconButton>
      </Tooltip>
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        title={title}
        submitLabel={submitLabel}
        submitColor={color}
        record={record}
        onSubmit={submit}
      >
        {children}
      </FormDialog>
    </span>
  );
};
