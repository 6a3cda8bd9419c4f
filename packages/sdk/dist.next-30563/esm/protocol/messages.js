// Wire answers for failures (decisions.md 1-2): the HTTP status of each error code, and the one
// generic invalid_signature 401 every verification failure leaves as (the reason stays inside).
/** HTTP status of each protocol error code (decisions.md 2). */
export const ERROR_HTTP_STATUS = {
    invalid_signature: 401,
    invalid_request: 400,
    payload_too_large: 413,
    unsupported_protocol_version: 400,
    unknown_type: 400,
    unknown_tool: 200,
    invalid_parameters: 200,
    tool_error: 200,
};
export const INVALID_SIGNATURE_MESSAGE = 'the request signature could not be verified';
export function errorAnswer(code, message) {
    return { type: 'error', code, message };
}
export function statusForCode(code) {
    return ERROR_HTTP_STATUS[code] ?? 200;
}
/** The answer a connector sends for a failed verification: no detail leaves the process. */
export function wireAnswerForVerifyFailure(failure, expectedVersion) {
    if (failure.reason === 'protocol_mismatch')
        return {
            status: statusForCode('unsupported_protocol_version'),
            body: errorAnswer('unsupported_protocol_version', `this connector speaks protocol version ${expectedVersion}`),
        };
    return {
        status: statusForCode('invalid_signature'),
        body: errorAnswer('invalid_signature', INVALID_SIGNATURE_MESSAGE),
    };
}
