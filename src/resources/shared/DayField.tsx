import { useEffect, useRef, useState, type ChangeEvent, type ReactNode, type Ref } from 'react';
import CalendarIcon from '@mui/icons-material/CalendarMonthOutlined';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const SHOWN_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** yyyy-mm-dd as the console shows a day, dd/mm/yyyy; anything else as it is. */
export const dayShown = (value: unknown): string => {
  const text = typeof value === 'string' ? value : '';
  const match = ISO_DAY.exec(text);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : text;
};

/** dd/mm/yyyy (or yyyy-mm-dd, pasted) of a real day of the calendar as yyyy-mm-dd; null when it is not one. */
export const dayParsed = (text: string): string | null => {
  const trimmed = text.trim();
  const shown = SHOWN_DAY.exec(trimmed);
  const [d, m, y] = shown ? shown.slice(1) : (ISO_DAY.exec(trimmed)?.slice(1).reverse() ?? []);
  if (!d || !m || !y) return null;
  const iso = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const day = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === iso ? iso : null;
};

interface DayFieldProps {
  /** yyyy-mm-dd, or '' for none. */
  value: string;
  onChange: (day: string | null) => void;
  label: ReactNode;
  error?: boolean;
  helperText?: ReactNode;
  id?: string;
  name?: string;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  fullWidth?: boolean;
  variant?: 'filled' | 'outlined';
  margin?: 'dense' | 'none';
  max?: string;
  min?: string;
  sx?: object;
}

/** The day box itself, for forms (DateInput) and for controls outside one (the Dashboard's range). */
export const DayField = ({ value, onChange, error, helperText, max, min, ...field }: DayFieldProps) => {
  const translate = useTranslate();
  const [text, setText] = useState(() => dayShown(value));
  const picker = useRef<HTMLInputElement>(null);

  // A value set from outside (a date preset, clearing the filters) replaces what is typed.
  useEffect(() => {
    setText((typed) => (dayParsed(typed) === (value || null) || (!value && !typed) ? typed : dayShown(value)));
  }, [value]);

  const typed = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    setText(next);
    const day = dayParsed(next);
    if (day) onChange(day);
    else if (!next.trim()) onChange(null);
  };
  const halfTyped = text.trim() !== '' && dayParsed(text) === null;
  return (
    <TextField
      {...field}
      value={text}
      onChange={typed}
      placeholder="dd/mm/yyyy"
      error={halfTyped || error}
      helperText={halfTyped ? translate('app.day_input.format') : helperText}
      size="small"
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                size="small"
                edge="end"
                aria-label={translate('app.day_input.pick')}
                onClick={() => picker.current?.showPicker?.()}
              >
                <CalendarIcon fontSize="small" />
              </IconButton>
              <input
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden
                value={value}
                max={max}
                min={min}
                onChange={(event) => {
                  onChange(event.target.value || null);
                  setText(dayShown(event.target.value));
                }}
                style={{ position: 'absolute', opacity: 0, width: 0, height: 0, border: 0, padding: 0 }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
};
