// What every route module of the mock platform API receives: the platform services, the token
// service and the guards, built once by buildPlatformApi.

import type { Platform } from '../index.ts';
import type { Guards } from './guard.ts';
import type { LoginThrottle } from './throttle.ts';
import type { TokenService } from './tokens.ts';

export interface ApiContext {
  platform: Platform;
  tokens: TokenService;
  guards: Guards;
  documentsDir: string;
  maxUploadBytes: number;
  loginThrottle: LoginThrottle;
}

/** Tags group the routes in /openapi.json (and in Postman or Bruno after an import). */
export const TAGS = {
  session: 'Session',
  org: 'Organization',
  connections: 'SDK connections',
  tools: 'Business tools',
  documents: 'Documents',
  events: 'Organization events',
  system: 'System',
} as const;
