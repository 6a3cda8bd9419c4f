// The secret rotation use-cases: one CLI step (start/status/finish) and the guided rehearsal that walks
// a connection and a local connector through a rotation, pinging after every step with real signed calls.

import { fingerprint } from '../protocol/index.ts';
import type { ConnectorHost } from '../connector/host/index.ts';
import { PlatformError } from '../platform/index.ts';
import type { Platform, RotationView } from '../platform/index.ts';
import type { RehearsalCallDto, RehearsalDto, RehearsalStep } from '../shared/rotation.ts';
import { validationError } from './errors.ts';
import { inputOf, optionalString } from './input.ts';

interface RotationEngine {
  platform: Platform;
  host: ConnectorHost;
}

export type RotationStep = 'start' | 'status' | 'finish';

/** One `ctb rotate` step; a PlatformError is classified by rotationErrorKind. */
export function rotationStep(
  engine: Pick<RotationEngine, 'platform'>,
  step: RotationStep,
  connectionId: string,
  graceSeconds = 0,
): RotationView & { signing_secret?: string } {
  const rotation = engine.platform.connections.rotation;
  if (step === 'start') return rotation.start(connectionId, { grace_seconds: graceSeconds });
  if (step === 'finish') return rotation.finish(connectionId);
  return rotation.status(connectionId);
}

/** usage: an unknown connection (the caller's mistake); refused: a step that does not apply now. */
export function rotationErrorKind(error: unknown): 'usage' | 'refused' | null {
  if (!(error instanceof PlatformError)) return null;
  return error.code === 'not_found' ? 'usage' : 'refused';
}

/** The rehearsal of one engine: in memory only, since it holds both plaintext secrets between steps. */
interface Rehearsal {
  connectionId: string;
  localConnectorId: string;
  graceSeconds: number;
  step: RehearsalStep;
  oldSecret: string;
  newSecret: string | null;
  calls: RehearsalCallDto[];
}

export interface RehearsalStart {
  connectionId: string;
  localConnectorId: string;
  graceSeconds?: number;
}

const rehearsals = new WeakMap<object, Rehearsal>();
const MAX_CALLS = 200;

export function rehearsalOf(engine: RotationEngine): RehearsalDto | null {
  const r = rehearsals.get(engine);
  return r ? view(engine, r) : null;
}

const MAX_GRACE_SECONDS = 7 * 24 * 3600;

/** A `rotation:start` input: the connection and the local connector to rehearse with, the grace window. */
export function parseRehearsalStart(raw: unknown): RehearsalStart {
  const input = inputOf(raw, 'rotation:start', ['connectionId', 'localConnectorId', 'graceSeconds']);
  const connectionId = optionalString(input, 'connectionId', 200);
  const localConnectorId = optionalString(input, 'localConnectorId', 200);
  if (!connectionId) throw validationError('connectionId is required', 'connectionId');
  if (!localConnectorId) throw validationError('localConnectorId is required', 'localConnectorId');
  const grace = input.graceSeconds ?? 0;
  if (typeof grace !== 'number' || !Number.isInteger(grace) || grace < 0 || grace > MAX_GRACE_SECONDS)
    throw validationError(`graceSeconds must be an integer from 0 to ${MAX_GRACE_SECONDS}`, 'graceSeconds');
  return { connectionId, localConnectorId, graceSeconds: grace };
}

/** Step 0: the local connector serves the connection's current secret and the connection points at it. */
export async function startRehearsal(engine: RotationEngine, input: RehearsalStart): Promise<RehearsalDto> {
  const { platform, host } = engine;
  const connection = platform.connections.get(input.connectionId);
  const stored = host.get(input.localConnectorId);
  // A rotation left over from an earlier run would make step 1 refuse: start from a clean state.
  if (platform.connections.rotation.status(connection.id).state !== 'none')
    platform.connections.rotation.finish(connection.id);
  const oldSecret = platform.connections.secretOf(connection.id);
  const { previousSigningSecrets: _dropped, ...definition } = stored.definition;
  await host.update(stored.id, { ...definition, signingSecret: oldSecret });
  const { url } = await host.start(stored.id);
  await platform.connections.update(connection.id, { webhook_url: url });
  const r: Rehearsal = {
    connectionId: connection.id,
    localConnectorId: stored.id,
    graceSeconds: input.graceSeconds ?? 0,
    step: 0,
    oldSecret,
    newSecret: null,
    calls: [],
  };
  rehearsals.set(engine, r);
  await ping(engine, r);
  return view(engine, r);
}

/** The next step, then a ping so the timeline shows what the step changed. */
export async function advanceRehearsal(engine: RotationEngine): Promise<RehearsalDto> {
  const r = current(engine);
  const { platform, host } = engine;
  let newSecret: string | undefined;
  if (r.step === 0) {
    newSecret = platform.connections.rotation.start(r.connectionId, {
      grace_seconds: r.graceSeconds,
    }).signing_secret;
    r.newSecret = newSecret;
  } else if (r.step === 2) {
    const def = host.get(r.localConnectorId).definition;
    await host.update(r.localConnectorId, {
      ...def,
      signingSecret: r.newSecret!,
      previousSigningSecrets: [r.oldSecret],
    });
  } else if (r.step === 3) {
    platform.connections.rotation.finish(r.connectionId);
    const { previousSigningSecrets: _old, ...def } = host.get(r.localConnectorId).definition;
    await host.update(r.localConnectorId, def);
  } else if (r.step === 4) {
    throw new PlatformError('validation_error', 'the rehearsal is complete; start a new one', {
      field: 'step',
    });
  }
  r.step = (r.step + 1) as RehearsalStep;
  await ping(engine, r);
  return newSecret === undefined ? view(engine, r) : { ...view(engine, r), newSecret };
}

/** One more ping at the current step (step 2 is watching calls under the old connector secret). */
export async function pingRehearsal(engine: RotationEngine): Promise<RehearsalDto> {
  const r = current(engine);
  await ping(engine, r);
  return view(engine, r);
}

function current(engine: RotationEngine): Rehearsal {
  const r = rehearsals.get(engine);
  if (!r) throw new PlatformError('not_found', 'no rotation rehearsal is running; start one first');
  return r;
}

async function ping(engine: RotationEngine, r: Rehearsal): Promise<void> {
  const { platform, host } = engine;
  const result = await platform.manager.ping(platform.connections.target(r.connectionId));
  const signedWith = result.last?.signing.secretFingerprint ?? null;
  const accepted = connectorSecrets(host, r.localConnectorId);
  // The connector verified the call only under the secret the platform signed with: its position in
  // the connector's list is the matched index.
  const index = result.ok && signedWith ? accepted.indexOf(signedWith) : -1;
  r.calls.push({
    seq: (r.calls.at(-1)?.seq ?? 0) + 1,
    at: new Date().toISOString(),
    step: r.step,
    kind: 'ping',
    ok: result.ok,
    verdict: result.code,
    signedWith,
    matchedIndex: index >= 0 ? index : null,
    matchedFingerprint: index >= 0 ? accepted[index] : null,
  });
  if (r.calls.length > MAX_CALLS) r.calls.shift();
}

function connectorSecrets(host: ConnectorHost, id: string): string[] {
  const def = host.get(id).definition;
  return [def.signingSecret, ...(def.previousSigningSecrets ?? [])].map((s) => fingerprint(s));
}

function view(engine: RotationEngine, r: Rehearsal): RehearsalDto {
  const connection = engine.platform.connections.get(r.connectionId);
  const stored = engine.host.get(r.localConnectorId);
  const rotation = engine.platform.connections.rotation.status(r.connectionId);
  return {
    connectionId: r.connectionId,
    connectionName: connection.name,
    localConnectorId: r.localConnectorId,
    localConnectorName: stored.name,
    step: r.step,
    graceSeconds: r.graceSeconds,
    rotation: {
      state: rotation.state,
      signingWith: rotation.signing_with,
      currentFingerprint: rotation.current_fingerprint,
      previousFingerprint: rotation.previous_fingerprint,
      graceEndsAt: rotation.grace_ends_at,
    },
    connectorSecrets: connectorSecrets(engine.host, r.localConnectorId),
    calls: r.calls.map((c) => ({ ...c })),
  };
}
