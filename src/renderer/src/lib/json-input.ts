// Parsing of the JSON a person types (parameters, identity, definitions) into an inline message
// before anything is sent; the engine validates again on its side.

export type JsonObjectParse = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

export function parseJsonObject(text: string, what: string, emptyIsObject = true): JsonObjectParse {
  if (text.trim() === '')
    return emptyIsObject ? { ok: true, value: {} } : { ok: false, message: `${what} is empty.` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `${what} is not valid JSON: ${(e as Error).message}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return {
      ok: false,
      message: `${what} must be a JSON object ({…}), not ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}.`,
    };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

export interface Problem {
  path: string;
  message: string;
}

/** The failing paths the engine puts in error.details (`{problems:[{path,message}]}` or a bare list). */
export function problemsOf(details: unknown): Problem[] {
  const list = Array.isArray(details)
    ? details
    : details && typeof details === 'object' && Array.isArray((details as { problems?: unknown }).problems)
      ? (details as { problems: unknown[] }).problems
      : [];
  const out: Problem[] = [];
  for (const p of list) {
    if (!p || typeof p !== 'object') continue;
    const r = p as Record<string, unknown>;
    const path = [r.path, r.pointer, r.instancePath].find((v) => typeof v === 'string') as string | undefined;
    const message = typeof r.message === 'string' ? r.message : JSON.stringify(p);
    out.push({ path: path ?? '', message });
  }
  return out;
}

/** The strict-mode SSRF reasons in error.details of an unsafe_url answer, when present. */
export function reasonsOf(details: unknown): string[] {
  if (!details || typeof details !== 'object') return [];
  const r = (details as { reasons?: unknown }).reasons;
  return Array.isArray(r) ? r.filter((x): x is string => typeof x === 'string') : [];
}
