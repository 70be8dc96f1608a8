import { useCallback, useId, useState } from 'react';

/** Each field's message, or null/absent when it has none. */
export type FieldErrors<F extends string> = Partial<Record<F, string | null>>;

/**
 * A form's values and their messages: typing into a field clears its message; `focusFirst`
 * puts the cursor in the first field that has one (fields are found by their `idOf` id).
 */
export function useFormFields<F extends string>(initial: Record<F, string>) {
  const formId = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});

  const set = useCallback((field: F, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: null } : current));
  }, []);

  const idOf = useCallback((field: F) => `${formId}-${field}`, [formId]);

  const focusFirst = useCallback(
    (found: FieldErrors<F>, order: readonly F[]) => {
      const first = order.find((field) => found[field]);
      if (first) document.getElementById(idOf(first))?.focus();
    },
    [idOf],
  );

  const reset = useCallback(() => {
    setValues(initial);
    setErrors({});
  }, [initial]);

  return { values, errors, set, setErrors, idOf, focusFirst, reset };
}
