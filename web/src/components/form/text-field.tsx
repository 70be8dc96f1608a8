import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import './form.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  id: string;
  ref?: Ref<HTMLInputElement>;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Shown under the field and announced with it; marks the field invalid. */
  error?: string | null;
  /** A standing hint under the field (format, limits). */
  hint?: ReactNode;
  /** Something placed inside the field's box after the input (e.g. a show/hide button). */
  trailing?: ReactNode;
}

/** A labelled input whose hint and error are tied to it for screen readers. */
export function TextField({ id, ref, label, value, onValueChange, error, hint, trailing, className, ...input }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className={trailing ? 'field__box field__box--with-trailing' : 'field__box'}>
        <input
          {...input}
          ref={ref}
          id={id}
          className="field__input"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {trailing}
      </div>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
