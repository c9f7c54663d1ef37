/** The page's filters as its URL query (the browser's address, not the API), leaving out empty values. */
export function toSearchParams(filters: Record<string, string | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value.trim() !== '') params.set(key, value.trim());
  }
  return params;
}
