import type { SecretInput } from './sign.ts';
/** One way of getting the signature wrong, tried against what was received. */
export interface SigningMistake {
    id: string;
    title: string;
    detail: string;
    /** Whether this mistake reproduces the received (lower-case hex) digest. */
    matches: (received: string) => boolean;
}
/**
 * The mistakes worth trying for one candidate secret, most common first; `expected` is the right
 * lowercase digest and `signature` the header as received.
 */
export declare function signingMistakes(body: Buffer, ts: string, secret: SecretInput, expected: string, signature: string): Generator<SigningMistake>;
