import { useCallback, useEffect, useRef, useState } from 'react';

/** What the login screens use of TanStack Query's mutation result. */
export interface PlainMutation<TInput, TOutput> {
  mutateAsync: (input: TInput) => Promise<TOutput>;
  isPending: boolean;
}

/**
 * A mutation without TanStack Query, for the login screens only: they run before any data is
 * cached, and Query's client would add 11 KiB to their first download (issue 7). Same surface as
 * `useMutation`'s `mutateAsync` and `isPending`; the signed-in portals keep using Query.
 */
export function usePlainMutation<TInput, TOutput>(
  call: (input: TInput) => Promise<TOutput>,
): PlainMutation<TInput, TOutput> {
  const [pending, setPending] = useState(0);
  const mounted = useRef(true);
  const latestCall = useRef(call);
  useEffect(() => {
    latestCall.current = call;
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const mutateAsync = useCallback(async (input: TInput) => {
    setPending((count) => count + 1);
    try {
      return await latestCall.current(input);
    } finally {
      if (mounted.current) setPending((count) => count - 1);
    }
  }, []);
  return { mutateAsync, isPending: pending > 0 };
}
