// The faults recorded with an exchange, as words: the signing client stores a list, the connector
// host stores what it applied and ran. Shared by the exports and the import.

export function faultList(faults: unknown): string[] | null {
  if (Array.isArray(faults)) return faults.filter((f): f is string => typeof f === 'string');
  if (faults && typeof faults === 'object') {
    const applied = (faults as { applied?: unknown }).applied;
    return typeof applied === 'string' ? [applied] : null;
  }
  return null;
}
