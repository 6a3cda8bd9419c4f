// Errors the mock platform's services throw: one class with a code the REST API maps 1:1 to an
// HTTP status (decisions.md 3), so the API layer never guesses what a failure means.

export type PlatformErrorCode =
  | 'validation_error'
  | 'unauthorized'
  | 'premium_required'
  | 'forbidden'
  | 'not_found'
  | 'name_taken'
  | 'unsafe_url'
  | 'payload_too_large'
  | 'connector_error';

/** HTTP status of each code; `connector_error` (the connector could not be reached or answered badly) is a 502. */
export const PLATFORM_ERROR_STATUS: Readonly<Record<PlatformErrorCode, number>> = {
  validation_error: 400,
  unauthorized: 401,
  premium_required: 402,
  forbidden: 403,
  not_found: 404,
  name_taken: 409,
  unsafe_url: 422,
  payload_too_large: 413,
  connector_error: 502,
};

export class PlatformError extends Error {
  readonly code: PlatformErrorCode;
  readonly status: number;
  readonly details: unknown;

  constructor(code: PlatformErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'PlatformError';
    this.code = code;
    this.status = PLATFORM_ERROR_STATUS[code];
    this.details = details;
  }

  /** The wire form of decisions.md 3: `{"error":"<code>","message":"<text>"}` (+ details when any). */
  toJSON(): { error: PlatformErrorCode; message: string; details?: unknown } {
    return this.details === undefined
      ? { error: this.code, message: this.message }
      : { error: this.code, message: this.message, details: this.details };
  }
}

export class SecretKeyError extends Error {
  readonly code = 'secret_key_unavailable';
  constructor(detail: string) {
    super(
      `the signing secrets in this data folder were encrypted with a key that is not available: ${detail}`,
    );
    this.name = 'SecretKeyError';
  }
}
