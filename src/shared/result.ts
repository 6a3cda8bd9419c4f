// What crosses every bridge between UI and engine (IPC, HTTP, tests): a result, never a thrown
// error, because Electron drops custom error fields across `invoke`.

export interface ApiError {
  code: string;
  message: string;
  /** Field-level detail (validation paths, SSRF reasons...) when the engine has it. */
  details?: unknown;
}

export type Result<T> = { ok: true; data: T } | { ok: false; error: ApiError };

export const ok = <T>(data: T): Result<T> => ({ ok: true, data });
export const fail = (code: string, message: string, details?: unknown): Result<never> => ({
  ok: false,
  error: details === undefined ? { code, message } : { code, message, details },
});
