import type { SecretInput } from './sign.ts';
export declare function fingerprint(secret: SecretInput): string;
