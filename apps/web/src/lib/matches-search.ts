/**
 * Spec §3, §5: a list search matches case-insensitively by substring on every field, nested
 * objects and arrays included. An empty or whitespace-only term matches everything.
 */
export function matchesSearch(value: unknown, term: string): boolean {
  const needle = term.trim().toLocaleLowerCase('es');
  if (needle === '') return true;
  return containsNeedle(value, needle, new Set());
}

function containsNeedle(value: unknown, needle: string, seen: Set<object>): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'object') {
    // Guards against cyclic structures.
    if (seen.has(value)) return false;
    seen.add(value);
    const children = Array.isArray(value) ? value : Object.values(value);
    return children.some((child) => containsNeedle(child, needle, seen));
  }
  if (typeof value === 'string') return value.toLocaleLowerCase('es').includes(needle);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value).toLocaleLowerCase('es').includes(needle);
  }
  return false;
}
