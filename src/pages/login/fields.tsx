import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { FilledInput, FormControl, FormHelperText, IconButton, InputAdornment, InputLabel } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useText } from '../../i18n/text';

export type Check = (value: string, values: Record<string, string>) => string | undefined;
export type Values = Record<string, string>;

/**
 * The sign-in steps' forms, without react-admin (the sign-in page loads none of it): a field's
 * message shows once it is left or the form is sent, and a form with a message is not sent.
 */
export const useCheckedForm = (checks: Record<string, Check[]>, onSubmit: (values: Values) => void) => {
  const [values, setValues] = useState<Values>({});
  const [visited, setVisited] = useState<Record<string, boolean>>({});
  const messageOf = (name: string) =>
    (checks[name] ?? []).map((check) => check(values[name] ?? '', values)).find(Boolean);
  const field = (name: string) => {
    const message = visited[name] ? messageOf(name) : undefined;
    return {
      name,
      value: values[name] ?? '',
      onChange: (event: ChangeEvent<HTMLInputElement>) =>
        setValues((before) => ({ ...before, [name]: event.target.value })),
      onBlur: () => setVisited((before) => ({ ...before, [name]: true })),
      message,
    };
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setVisited(Object.fromEntries(Object.keys(checks).map((name) => [name, true])));
    if (Object.keys(checks).some(messageOf)) return;
    onSubmit(values);
  };
  return { field, submit };
};

interface FieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  /** The check's message: shown in place of the help, and the field marked invalid. */
  message?: string;
  helperText?: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  endAdornment?: ReactNode;
  inputProps?: Record<string, unknown>;
}

/**
 * A text field as the console's inputs draw it (filled, dense, full width). Built from MUI's parts
 * rather than TextField, which would bring its select menu, popover and modal to the sign-in page.
 */
export const Field = ({ name, label, message, helperText, inputProps, ...input }: FieldProps) => {
  const id = useId();
  const help = message ?? helperText;
  return (
    <FormControl variant="filled" margin="dense" size="small" fullWidth error={Boolean(message)}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <FilledInput
        id={id}
        name={name}
        {...input}
        inputProps={inputProps}
        aria-describedby={help ? `${id}-help` : undefined}
      />
      {help && <FormHelperText id={`${id}-help`}>{help}</FormHelperText>}
    </FormControl>
  );
};

export const PasswordField = (props: FieldProps) => {
  const text = useText();
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={text(visible ? 'app.login.hide_password' : 'app.login.show_password')}
            onClick={() => setVisible(!visible)}
            edge="end"
          >
            {visible ? <Visibility /> : <VisibilityOff />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
};
