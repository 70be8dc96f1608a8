import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs`: what is typed letter by letter (a search)
 * reaches the server once the typing pauses, not once per key. The first value is there at once.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
