import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame';

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
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {(described) => (
        <select
          {...select}
          {...described}
          ref={ref}
          id={id}
          className="field__input field__select"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
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
      )}
    </FieldFrame>
  );
}
