import { useState } from 'react';

/**
 * The server's refusal shown in a form dialog, for the dialog as opened now: an error set while
 * `session` (what the dialog was opened for) was one value is not shown once it is another, so a
 * new opening starts clean. Returns the message and its setter (null clears it).
 */
export function useDialogError(
  session: unknown,
): [string | null, (message: string | null) => void] {
  const [failure, setFailure] = useState<{ for: unknown; message: string } | null>(null);
  const message = failure && failure.for === session ? failure.message : null;
  const setMessage = (next: string | null) =>
    setFailure(next === null ? null : { for: session, message: next });
  return [message, setMessage];
}
