import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import './form.css';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'id'> {
  id: string;
  ref?: Ref<HTMLSelectElement>;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: { value: string; label: string }[];
  /** Shown first, with an empty value, while nothing is chosen. */
  placeholder?: string;
  error?: string | null;
  hint?: ReactNode;
}

/** A labelled native select (the tablet's own picker), with its hint and error tied to it. */
export function SelectField({ id, ref, label, value, onValueChange, options, placeholder, error, hint, ...select }: SelectFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__box">
        <select
          {...select}
          ref={ref}
          id={id}
          className="field__input field__select"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        >
          {placeholder !== undefined && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
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
