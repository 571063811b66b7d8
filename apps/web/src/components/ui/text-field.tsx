import { useId, type InputHTMLAttributes } from 'react';

export interface TTextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the field and linked to it; the field is marked invalid while set. */
  error?: string | null;
  autoFocusInDialog?: boolean;
}

export function TextField({ label, error, autoFocusInDialog, ...input }: TTextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-autofocus={autoFocusInDialog ? '' : undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
