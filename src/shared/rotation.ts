// The rotation rehearsal of the contract: a connection and a local connector walked through a secret
// rotation step by step; secrets appear by fingerprint only, the new one once in the step 1 answer.

export type RotationStateDto = 'none' | 'grace' | 'switched';

/** 0 ready (both on the old secret), 1 new secret generated, 2 watched, 3 connector has [new, old], 4 old dropped. */
export type RehearsalStep = 0 | 1 | 2 | 3 | 4;

export interface RehearsalCallDto {
  seq: number;
  at: string;
  step: RehearsalStep;
  kind: 'ping';
  ok: boolean;
  /** `ok` or the error code the connector answered (invalid_signature...). */
  verdict: string;
  /** Fingerprint of the secret the platform signed with. */
  signedWith: string | null;
  /** Which of the connector's secrets verified the call (0: its current one), null when none did. */
  matchedIndex: number | null;
  matchedFingerprint: string | null;
}

export interface RehearsalDto {
  connectionId: string;
  connectionName: string;
  localConnectorId: string;
  localConnectorName: string;
  step: RehearsalStep;
  graceSeconds: number;
  rotation: {
    state: RotationStateDto;
    signingWith: 'current' | 'previous';
    currentFingerprint: string | null;
    previousFingerprint: string | null;
    graceEndsAt: string | null;
  };
  /** The local connector's accepted secrets by fingerprint, current first. */
  connectorSecrets: string[];
  calls: RehearsalCallDto[];
  /** Only in the answer of step 1: the new secret, shown once. */
  newSecret?: string;
}

export interface RehearsalStartInput {
  connectionId: string;
  localConnectorId: string;
  graceSeconds?: number;
}
