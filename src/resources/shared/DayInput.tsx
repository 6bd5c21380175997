import { FieldTitle, InputHelperText, useInput, type InputProps, type Validator } from 'react-admin';
import { DayField } from './DayField';

// The day box without a form is DayField.tsx: the Dashboard's range draws it without a form library.
export { DayField, dayParsed, dayShown } from './DayField';

interface DayInputProps extends Omit<InputProps, 'validate'> {
  validate?: Validator | Validator[];
  fullWidth?: boolean;
  /** The latest day the calendar offers, yyyy-mm-dd. */
  slotProps?: { htmlInput?: { max?: string; min?: string } };
  sx?: object;
}

/**
 * A day typed or picked, shown dd/mm/yyyy whatever the browser's language (issue 31, item 7); the
 * form holds yyyy-mm-dd as the API takes it. A half-typed day stays in the box, not in the form
 * (a filter is not sent until it is a day); the calendar button opens the browser's own picker.
 */
export const DateInput = ({ slotProps, fullWidth, sx, helperText, ...props }: DayInputProps) => {
  const { field, fieldState, formState, id, isRequired } = useInput(props);
  const label = (
    <FieldTitle label={props.label} source={props.source} resource={props.resource} isRequired={isRequired} />
  );
  return (
    <DayField
      id={id}
      name={field.name}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={label}
      error={fieldState.invalid && (fieldState.isTouched || formState.isSubmitted)}
      helperText={<InputHelperText error={fieldState.error?.message} helperText={helperText} />}
      fullWidth={fullWidth}
      variant="filled"
      margin="dense"
      max={slotProps?.htmlInput?.max}
      min={slotProps?.htmlInput?.min}
      // As wide as a native date box: a filter row keeps From and To side by side.
      sx={fullWidth ? sx : { width: 165, ...sx }}
    />
  );
};
