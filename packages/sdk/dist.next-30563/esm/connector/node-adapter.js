// node:http adapter of the connector: reads the body with a hard size limit, passes raw bytes
// and every header value (duplicates kept visible) to the core, and survives hostile clients.
import { createServer } from 'node:http';
import { errorAnswer } from "../protocol/index.js";
import { isEndpoint, jsonHeaders, notFoundResponse, tooLargeResponse } from "./handle.js";
import { bodyAlreadyRead, keptRawBody, rawBodyUnavailableResponse, warnOnce } from "./raw-body.js";
export function rawPairs(raw) {
    const out = [];
    for (let i = 0; i + 1 < raw.length; i += 2)
        out.push([raw[i], raw[i + 1]]);
    return out;
}
/** How long a fully received body may stay unread before the handler stops waiting for it. */
const UNREAD_BODY_GRACE_MS = 1000;
export function nodeHandler(core, handlerOptions = {}) {
    const { options } = core;
    const warn = warnOnce();
    return (req, res) => {
        // node:http joins repeated copies of the protocol's x-service-* headers with ", " in
        // req.headers, which the protocol reader reports as duplicated; the raw lines (every copy, in
        // their original case) are turned into pairs only when an exchange listener wants them.
        const input = {
            method: req.method ?? 'GET',
            path: handlerOptions.routed ? options.endpointPath : (req.url ?? '/'),
            headers: req.headers,
            pairs: null,
            rawHeaders: req.rawHeaders,
            body: EMPTY,
            startedAt: Date.now(),
            t0: performance.now(),
        };
        const endpoint = isEndpoint(options, input.method, input.path);
        const kept = keptRawBody(req);
        if (kept !== null) {
            input.body = kept;
            answer(core, input, res);
            return;
        }
        // Before the body-parser check: a body-parser refusing an oversized body (Express's 413 handed
        // on to this handler) still gets the protocol's payload_too_large, not raw_body_unavailable.
        const declared = Number(req.headers['content-length']);
        if (Number.isFinite(declared) && declared > options.maxBodyBytes) {
            answerEarly(core, input, res, endpoint ? tooLargeResponse(options, declared) : notFoundResponse());
            return;
        }
        if (endpoint && bodyAlreadyRead(req)) {
            const response = rawBodyUnavailableResponse('a body parser read it first');
            warn(response.outcome.message);
            answerEarly(core, input, res, response);
            return;
        }
        const chunks = [];
        let size = 0;
        let done = false;
        // A body fully received yet never delivered means another reader holds the stream: answer
        // instead of waiting forever. A slow sender is not affected (its request is not complete).
        const watchdog = endpoint
            ? setTimeout(() => {
                if (done || size > 0 || !req.complete)
                    return;
                done = true;
                const response = rawBodyUnavailableResponse('another reader holds the request stream');
                warn(response.outcome.message);
                answerEarly(core, input, res, response);
            }, UNREAD_BODY_GRACE_MS)
            : null;
        watchdog?.unref();
        req.on('data', (chunk) => {
            if (done)
                return;
            size += chunk.length;
            if (size > options.maxBodyBytes) {
                done = true;
                req.pause();
                answerEarly(core, input, res, endpoint ? tooLargeResponse(options, size) : notFoundResponse());
                return;
            }
            if (endpoint)
                chunks.push(chunk);
        });
        req.on('end', () => {
            if (watchdog)
                clearTimeout(watchdog);
            if (done)
                return;
            done = true;
            input.body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
            answer(core, input, res);
        });
        // The client went away mid-body (or the request timed out): nobody is left to answer.
        req.on('error', () => {
            if (watchdog)
                clearTimeout(watchdog);
            done = true;
        });
    };
}
/** Runs the core on a complete body; a synchronous answer is written in this tick, without a promise. */
function answer(core, input, res) {
    let out;
    try {
        out = core.process(input);
    }
    catch {
        send(res, internalError(), true);
        return;
    }
    if (out instanceof Promise)
        out.then((response) => send(res, response, false), () => send(res, internalError(), true));
    else
        send(res, out, false);
}
const EMPTY = Buffer.alloc(0);
/** Records an answer the adapter gave itself and stops reading the request. */
function answerEarly(core, input, res, response) {
    core.record(input, response);
    // The rest of an oversized body is never buffered, and the connection closes: node:http ends
    // and destroys the socket once a `connection: close` answer is flushed.
    send(res, response, true);
}
function send(res, response, close) {
    if (res.headersSent || res.destroyed)
        return;
    const headers = {
        ...response.headers,
        'content-length': Buffer.byteLength(response.body),
    };
    if (close)
        headers.connection = 'close';
    res.writeHead(response.status, headers);
    res.end(response.body);
}
function internalError() {
    const body = errorAnswer('internal_error', 'the connector failed to answer this request');
    return {
        status: 500,
        headers: jsonHeaders(),
        body: JSON.stringify(body),
        outcome: { verification: null, requestType: null, tool: null, requestId: null, code: 'internal_error' },
    };
}
export async function listen(core, port = 0, host = '127.0.0.1') {
    const { options } = core;
    if (!Number.isInteger(port) || port < 0 || port > 65535)
        throw new RangeError(`port must be an integer from 0 to 65535, got ${port}`);
    const server = createServer({
        headersTimeout: options.headersTimeoutMs,
        requestTimeout: options.requestTimeoutMs,
        // Node checks those timeouts on this period (30 s by default), so short timeouts need a short period.
        connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(options.headersTimeoutMs / 4))),
        keepAliveTimeout: 5000,
    }, nodeHandler(core));
    server.on('clientError', (err, socket) => answerClientError(err, socket, options));
    await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
            server.off('error', reject);
            resolve();
        });
    });
    const address = server.address();
    const actualPort = typeof address === 'object' && address ? address.port : port;
    const origin = `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`;
    return {
        url: origin + options.endpointPath,
        origin,
        port: actualPort,
        host,
        server,
        close: () => closeServer(server),
    };
}
function closeServer(server) {
    return new Promise((resolve) => {
        if (!server.listening)
            return resolve();
        // In-flight requests get a second to finish; idle keep-alive sockets would hold close() forever.
        const force = setTimeout(() => server.closeAllConnections(), 1000);
        force.unref();
        server.close(() => {
            clearTimeout(force);
            resolve();
        });
        server.closeIdleConnections();
    });
}
/** Answers what node:http could not parse or waited too long for, in the protocol's JSON shape. */
function answerClientError(err, socket, options) {
    if (err.code === 'ECONNRESET' || !socket.writable) {
        socket.destroy();
        return;
    }
    let status = 400;
    let reason = 'Bad Request';
    let body = errorAnswer('invalid_request', 'the request is not valid HTTP/1.1');
    if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
        status = 408;
        reason = 'Request Timeout';
        body = errorAnswer('request_timeout', `the request was not received in time (headers ${options.headersTimeoutMs} ms, whole request ${options.requestTimeoutMs} ms)`);
    }
    else if (err.code === 'HPE_HEADER_OVERFLOW') {
        status = 431;
        reason = 'Request Header Fields Too Large';
        body = errorAnswer('invalid_request', 'the request headers are too large');
    }
    const text = JSON.stringify(body);
    socket.end(`HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`);
}
