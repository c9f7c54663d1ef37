/**
 * The current instant, behind one seam so tests can move time (token expiry, idle sessions)
 * with `vi.spyOn(clock, 'now')` instead of sleeping.
 */
export const clock = {
  now: (): Date => new Date(),
};
