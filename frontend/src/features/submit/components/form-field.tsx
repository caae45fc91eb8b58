import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** What a control needs to be tied to its label, hint and error (SPEC-independent a11y plumbing). */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': boolean;
  'aria-required': boolean | undefined;
}

interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** A labelled field whose hint and error text are read with the control (aria-describedby). */
export function Field({ id, label, required, hint, error, children }: FieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field submit-field${error ? ' submit-field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? (
          <span className="submit-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children({
        id,
        'aria-describedby': describedBy,
        'aria-invalid': Boolean(error),
        'aria-required': required || undefined,
      })}
      {hint ? (
        <p id={hintId} className="submit-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="submit-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface TextFieldProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  required?: boolean;
  hint?: string;
  error?: string;
  placeholder?: string;
  type?: 'text' | 'email' | 'url';
  multiline?: boolean;
  maxLength?: number;
  autoComplete?: string;
}

export function TextField({
  registration,
  placeholder,
  type = 'text',
  multiline,
  maxLength,
  autoComplete,
  ...field
}: TextFieldProps) {
  return (
    <Field {...field}>
      {(control) => {
        const props = { ...control, ...registration, placeholder, maxLength };
        return multiline ? (
          <textarea {...props} className="text-field submit-field__textarea" rows={4} />
        ) : (
          <input
            {...props}
            className="text-field"
            type={type}
            autoComplete={autoComplete ?? 'off'}
            spellCheck={false}
          />
        );
      }}
    </Field>
  );
}
