// What a recorded request body claims to be (type, tool, request_id), read without trusting it: a
// request refused before its envelope was checked still shows what it was and pairs by its id.

/**
 * Type, tool and request_id as the body claims them, for display and pairing only (nothing trusts
 * them): a request whose signature failed still pairs with what was sent by its request_id.
 */
export function envelopeOf(body: Uint8Array): {
  requestType: string | null;
  tool: string | null;
  requestId: string | null;
} {
  try {
    const v = JSON.parse(Buffer.from(body).toString('utf8')) as Record<string, unknown>;
    const str = (x: unknown) => (typeof x === 'string' ? x.slice(0, 200) : null);
    return { requestType: str(v.type), tool: str(v.tool), requestId: str(v.request_id) };
  } catch {
    return { requestType: null, tool: null, requestId: null };
  }
}
