/**
 * An email address in a narrow column: if it must wrap, it wraps before the "@" (and after
 * dots), never in the middle of a word.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=@)|(?<=\.)/);
  return (
    <>
      {parts.map((part, index) => (
        <span key={index}>
          {index > 0 && <wbr />}
          {part}
        </span>
      ))}
    </>
  );
}
