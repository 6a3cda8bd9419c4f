// A fresh run id chosen by the UI, so a run can be cancelled before its call answers.
// The randomUUID fallback is for a plain-http page in browser mode, where crypto.randomUUID is absent.

export function newRunId(prefix: string): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `${prefix}-${random}`;
}
