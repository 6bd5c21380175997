import { useId, type MouseEventHandler, type ReactNode } from 'react';

/**
 * The pay page's few controls in plain HTML and pay.css: it is the one page customers open, on
 * phones and slow networks, so it carries no component library (issue 33). Each keeps the roles
 * and names a screen reader announces.
 */
type Children = ReactNode;

const classes = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');

export const Spinner = ({ label, size = 40 }: { label?: string; size?: number }) => (
  <span
    className="spinner"
    style={{ width: size, height: size }}
    {...(label ? { role: 'progressbar', 'aria-label': label } : { 'aria-hidden': true })}
  />
);

interface ButtonProps {
  children: Children;
  variant?: 'contained' | 'outlined' | 'text';
  size?: 'small' | 'large';
  /** Busy: the button is disabled and spins, its name unchanged. */
  loading?: boolean;
  disabled?: boolean;
  type?: 'button' | 'submit';
  href?: string;
  onClick?: MouseEventHandler<HTMLElement>;
  className?: string;
  lang?: string;
  pressed?: boolean;
  icon?: ReactNode;
}

export const Button = ({
  children,
  variant = 'contained',
  size,
  loading = false,
  disabled = false,
  type = 'button',
  href,
  onClick,
  className,
  lang,
  pressed,
  icon,
}: ButtonProps) => {
  const look = classes('btn', `btn-${variant}`, size && `btn-${size}`, loading && 'btn-loading', className);
  const content = (
    <>
      {icon}
      <span className="btn-label">{children}</span>
      {loading && <Spinner size={20} />}
    </>
  );
  if (href) {
    return (
      <a className={look} href={href} onClick={onClick} lang={lang}>
        {content}
      </a>
    );
  }
  return (
    <button
      className={look}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      aria-pressed={pressed}
      onClick={onClick}
      lang={lang}
    >
      {content}
    </button>
  );
};

export type Severity = 'success' | 'info' | 'warning' | 'error';

export const Alert = ({
  severity,
  role = 'alert',
  action,
  children,
}: {
  severity: Severity;
  role?: string;
  action?: ReactNode;
  children: Children;
}) => (
  <div className={`alert alert-${severity}`} role={role}>
    <div className="alert-text">{children}</div>
    {action && <div className="alert-action">{action}</div>}
  </div>
);

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The line under the box: a hint, or what is wrong when `error`. */
  helperText: string;
  error?: boolean;
  inputMode?: 'decimal' | 'numeric';
  maxLength?: number;
  prefix?: string;
}

/** A labelled text box, its hint or refusal below it and tied to it (aria-describedby). */
export const TextField = ({
  label,
  value,
  onChange,
  helperText,
  error = false,
  inputMode,
  maxLength,
  prefix,
}: TextFieldProps) => {
  const id = useId();
  return (
    <div className={classes('field', error && 'field-error')}>
      <label className="field-label" htmlFor={`${id}-input`}>
        {label}
      </label>
      <div className="field-box">
        {prefix && (
          <span className="field-prefix" aria-hidden="true">
            {prefix}
          </span>
        )}
        <input
          id={`${id}-input`}
          type="text"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error || undefined}
          aria-describedby={`${id}-help`}
          autoComplete="off"
          inputMode={inputMode}
          maxLength={maxLength}
        />
      </div>
      <p className="field-help" id={`${id}-help`}>
        {helperText}
      </p>
    </div>
  );
};
