import type { TextareaHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'id'> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | null;
  hint?: string;
}

/** A labelled box for text of several lines (an address, a receipt's footer), with its hint and error. */
export function TextAreaField({ id, label, value, onValueChange, error, hint, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {(described) => (
        <textarea
          {...textarea}
          {...described}
          id={id}
          className="field__input field__input--lines"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </FieldFrame>
  );
}
