import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

/** A one-line text control of an admin form, its label above it. */
export function TextField({
  label,
  ...input
}: { label: string; id: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="field" htmlFor={input.id}>
      <span className="field__label">{label}</span>
      <input className="text-field" {...input} />
    </label>
  );
}

/** A file picker of an admin form, its label above it; `children` follow it (what was picked). */
export function FileField({
  id,
  label,
  inputRef,
  accept,
  disabled,
  onPick,
  testId,
  children,
}: {
  id: string;
  label: string;
  inputRef: Ref<HTMLInputElement>;
  accept: string;
  disabled?: boolean;
  onPick: (file: File | undefined) => void;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        ref={inputRef}
        className="admin-file-field"
        type="file"
        accept={accept}
        disabled={disabled}
        onChange={(event) => onPick(event.target.files?.[0])}
        data-testid={testId}
      />
      {children}
    </div>
  );
}
