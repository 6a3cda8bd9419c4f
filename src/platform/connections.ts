// The SDK connection registry (protocol.md 2.2, decisions.md 3): create, update, list, delete,
// with unique names per tenant, generated `whsec_` secrets encrypted at rest and the SSRF verdict.

import { statement } from '../store/database.ts';
import { PlatformError } from './errors.ts';
import { generateSigningSecret, newId } from './ids.ts';
import { decryptSecret, encryptSecret } from './secrets.ts';
import { checkUrl } from './ssrf.ts';
import { inGrace } from './rotation.ts';
import { parseConnectionInput } from './validate.ts';
import type { ConnectionInput } from './validate.ts';
import { DEFAULT_CONNECTOR_TIMEOUT_MS } from './manager.ts';
import type { ConnectionTarget } from './manager.ts';
import { iso, parseJsonColumn, requireWorkspace } from './context.ts';
import type { PlatformContext } from './context.ts';
import type { ConnectionView, SsrfView, TestReport } from './types.ts';

/** The SSRF check as stored: both modes' answers, so the view follows the mode the platform runs in now. */
interface StoredSsrf {
  devAllowed: boolean;
  strictAllowed: boolean;
  reasons: string[];
  addresses: string[];
}

export interface ConnectionRow {
  id: string;
  org_id: string;
  name: string;
  webhook_url: string | null;
  secret_ciphertext: string | null;
  /** Set by a rotation (rotation.ts): signed with until grace_ends_at. */
  previous_secret_ciphertext: string | null;
  grace_ends_at: string | null;
  enabled: number;
  status: ConnectionView['status'];
  last_tested_at: string | null;
  last_test: string | null;
  workspace_id: string | null;
  timeout_ms: number;
  ssrf_verdict: string | null;
  pinned_address: string | null;
  tools: string | null;
  metadata: string | null;
  metadata_version: number | null;
  created_at: string;
  updated_at: string;
}

export type ConnectionRegistry = ReturnType<typeof connectionRegistry>;

/** How long target() trusts what it read when nothing in this process changed the connection. */
export const TARGET_TTL_MS = 1000;

type ForCallRow = Pick<
  ConnectionRow,
  | 'id'
  | 'name'
  | 'webhook_url'
  | 'secret_ciphertext'
  | 'previous_secret_ciphertext'
  | 'grace_ends_at'
  | 'timeout_ms'
  | 'workspace_id'
>;

export function connectionRegistry(ctx: PlatformContext) {
  const { db } = ctx;
  const byId = statement(db, 'SELECT * FROM sdk_connections WHERE id = ? AND org_id = ?');
  const byName = statement(db, 'SELECT id FROM sdk_connections WHERE org_id = ? AND name = ? AND id != ?');
  const all = statement(db, 'SELECT * FROM sdk_connections WHERE org_id = ? ORDER BY created_at, rowid');
  // Every call goes through target(): read only what a call needs, never the synced tools JSON.
  const forCall = statement(
    db,
    `SELECT id, name, webhook_url, secret_ciphertext, previous_secret_ciphertext, grace_ends_at, timeout_ms, workspace_id
      FROM sdk_connections WHERE id = ? AND org_id = ?`,
  );
  // What target() reads, kept per connection: the History worker commits every few milliseconds,
  // each commit empties this connection's SQLite page cache, and re-reading the row then cost a
  // sixth of a local call (bench/invoke-overhead.ts). Every write here and in rotation.ts drops
  // its entry (forget); another process writing the same data folder is seen within the TTL.
  const forCallRows = new Map<string, { row: ForCallRow; readAt: number }>();
  const readForCall = (id: string): ForCallRow | undefined => {
    const now = Date.now();
    const cached = forCallRows.get(id);
    if (cached && now - cached.readAt < TARGET_TTL_MS) return cached.row;
    const r = forCall.get(id, ctx.orgId) as ForCallRow | undefined;
    if (!r) forCallRows.delete(id);
    else {
      if (forCallRows.size >= 1000) forCallRows.clear();
      forCallRows.set(id, { row: r, readAt: now });
    }
    return r;
  };
  const forget = (id: string) => forCallRows.delete(id);
  // Keyed by ciphertext, so a rotated secret (new ciphertext) can never be served stale.
  const plaintexts = new Map<string, string>();
  const reveal = (ciphertext: string): string => {
    let secret = plaintexts.get(ciphertext);
    if (secret === undefined) {
      secret = decryptSecret(ciphertext, ctx.keys);
      if (plaintexts.size > 1000) plaintexts.clear();
      plaintexts.set(ciphertext, secret);
    }
    return secret;
  };

  function row(id: string): ConnectionRow {
    const r = typeof id === 'string' ? (byId.get(id, ctx.orgId) as ConnectionRow | undefined) : undefined;
    if (!r) throw new PlatformError('not_found', `no connection with id "${String(id)}"`);
    return r;
  }

  function view(r: ConnectionRow): ConnectionView {
    const ssrf = parseJsonColumn<StoredSsrf>(r.ssrf_verdict);
    const ssrfView: SsrfView = ssrf
      ? {
          mode: ctx.ssrfMode,
          allowed: ctx.ssrfMode === 'strict' ? ssrf.strictAllowed : ssrf.devAllowed,
          strict_would_refuse: !ssrf.strictAllowed,
          reasons: ssrf.reasons,
        }
      : { mode: ctx.ssrfMode, allowed: false, strict_would_refuse: true, reasons: ['no webhook_url is set'] };
    return {
      id: r.id,
      name: r.name,
      webhook_url: r.webhook_url,
      enabled: r.enabled === 1,
      has_secret: r.secret_ciphertext !== null,
      status: r.status,
      last_tested_at: r.last_tested_at,
      workspace_id: r.workspace_id,
      created_at: r.created_at,
      updated_at: r.updated_at,
      timeout_ms: r.timeout_ms,
      last_test: parseJsonColumn<TestReport>(r.last_test),
      ssrf: ssrfView,
    };
  }

  async function ssrfFor(url: string): Promise<{ stored: StoredSsrf; pinned: string | null }> {
    const check = await checkUrl(url, 'dev', ctx.resolver);
    const stored = {
      devAllowed: check.allowed,
      strictAllowed: check.strictAllowed,
      reasons: check.reasons,
      addresses: check.addresses,
    };
    const allowed = ctx.ssrfMode === 'strict' ? check.strictAllowed : check.allowed;
    if (!allowed)
      throw new PlatformError(
        'unsafe_url',
        `webhook_url is refused by the SSRF policy (${ctx.ssrfMode} mode): ${check.reasons.join('; ')}`,
        { reasons: check.reasons, addresses: check.addresses, mode: ctx.ssrfMode },
      );
    return { stored, pinned: check.addresses[0] ?? null };
  }

  function checkWorkspace(input: ConnectionInput): void {
    // null unbinds the connection; only an id has to name a workspace.
    if (typeof input.workspace_id === 'string') requireWorkspace(ctx, input.workspace_id);
  }

  function checkName(name: string, exceptId: string): void {
    if (byName.get(ctx.orgId, name, exceptId))
      throw new PlatformError(
        'name_taken',
        `a connection named "${name}" already exists in this organization`,
        { field: 'name' },
      );
  }

  return {
    row,
    view,
    list(): ConnectionView[] {
      return (all.all(ctx.orgId) as ConnectionRow[]).map(view);
    },
    get(id: string): ConnectionView {
      return view(row(id));
    },

    async create(input: unknown): Promise<ConnectionView & { signing_secret: string }> {
      const plan = (
        statement(db, 'SELECT plan FROM organizations WHERE id = ?').get(ctx.orgId) as { plan: string }
      ).plan;
      if (plan !== 'premium')
        throw new PlatformError(
          'premium_required',
          'creating an SDK connection needs the premium plan; switch the plan in the testbench to lift the gate',
        );
      const data = parseConnectionInput(input, 'create');
      checkWorkspace(data);
      checkName(data.name!, '');
      const ssrf = data.webhook_url ? await ssrfFor(data.webhook_url) : null;
      const secret = data.signing_secret ? data.signing_secret : generateSigningSecret();
      const id = newId('conn');
      const at = iso(ctx);
      // Again after the SSRF lookup's await: a concurrent create may have taken the name, and the
      // UNIQUE constraint alone would answer a 500 instead of name_taken.
      checkName(data.name!, '');
      statement(
        db,
        `INSERT INTO sdk_connections (id, org_id, name, webhook_url, secret_ciphertext, enabled, workspace_id, timeout_ms,
          ssrf_verdict, pinned_address, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        id,
        ctx.orgId,
        data.name,
        data.webhook_url ?? null,
        encryptSecret(secret, ctx.keys),
        data.enabled ? 1 : 0,
        data.workspace_id ?? null,
        data.timeout_ms ?? DEFAULT_CONNECTOR_TIMEOUT_MS,
        ssrf ? JSON.stringify(ssrf.stored) : null,
        ssrf?.pinned ?? null,
        at,
        at,
      );
      return { ...view(row(id)), signing_secret: secret };
    },

    async update(id: string, input: unknown): Promise<ConnectionView & { signing_secret?: string }> {
      const current = row(id);
      const data = parseConnectionInput(input, 'update');
      checkWorkspace(data);
      if (data.name !== undefined) checkName(data.name, id);
      const urlChanged = data.webhook_url !== undefined && data.webhook_url !== current.webhook_url;
      const ssrf = urlChanged && data.webhook_url ? await ssrfFor(data.webhook_url) : null;
      const secret =
        data.signing_secret === undefined ? undefined : data.signing_secret || generateSigningSecret();
      const sets: string[] = [];
      const params: unknown[] = [];
      const set = (column: string, value: unknown) => {
        sets.push(`${column} = ?`);
        params.push(value);
      };
      if (data.name !== undefined) set('name', data.name);
      if (urlChanged) {
        set('webhook_url', data.webhook_url);
        set('ssrf_verdict', ssrf ? JSON.stringify(ssrf.stored) : null);
        set('pinned_address', ssrf?.pinned ?? null);
      }
      if (secret !== undefined) {
        set('secret_ciphertext', encryptSecret(secret, ctx.keys));
        // An explicit secret takes effect at once, as before rotation existed: no grace survives it.
        set('previous_secret_ciphertext', null);
        set('grace_ends_at', null);
      }
      if (data.enabled !== undefined) set('enabled', data.enabled ? 1 : 0);
      if (data.workspace_id !== undefined) set('workspace_id', data.workspace_id);
      if (data.timeout_ms !== undefined) set('timeout_ms', data.timeout_ms);
      if (sets.length > 0) {
        set('updated_at', iso(ctx));
        // Again after the SSRF lookup's await, as in create.
        if (data.name !== undefined) checkName(data.name, id);
        statement(db, `UPDATE sdk_connections SET ${sets.join(', ')} WHERE id = ? AND org_id = ?`).run(
          ...params,
          id,
          ctx.orgId,
        );
        forget(id);
      }
      const updated = view(row(id));
      return secret === undefined ? updated : { ...updated, signing_secret: secret };
    },

    remove(id: string): void {
      row(id);
      // business_tools and org_events go with it (ON DELETE CASCADE).
      statement(db, 'DELETE FROM sdk_connections WHERE id = ? AND org_id = ?').run(id, ctx.orgId);
      forget(id);
    },

    /** Drops what target() keeps of a connection; call after writing its row outside this registry. */
    forget(id: string): void {
      forget(id);
    },

    secretOf(id: string): string {
      const r = row(id);
      if (r.secret_ciphertext === null)
        throw new PlatformError('not_found', `connection "${id}" has no signing secret`);
      return reveal(r.secret_ciphertext);
    },

    /** The manager's view of a connection; workspaceId overrides the bound workspace for this call. */
    target(id: string, workspaceId?: string | null): ConnectionTarget {
      const r = typeof id === 'string' ? readForCall(id) : undefined;
      if (!r) throw new PlatformError('not_found', `no connection with id "${String(id)}"`);
      if (!r.webhook_url)
        throw new PlatformError(
          'validation_error',
          `connection "${r.name}" has no webhook_url; set one first`,
          { field: 'webhook_url' },
        );
      return {
        connectionId: r.id,
        url: r.webhook_url,
        // During a rotation's grace the platform keeps signing with the previous secret (README deviations).
        secret: reveal(
          r.previous_secret_ciphertext !== null &&
            inGrace(r.previous_secret_ciphertext, r.grace_ends_at, iso(ctx))
            ? r.previous_secret_ciphertext!
            : r.secret_ciphertext!,
        ),
        timeoutMs: r.timeout_ms,
        tenantId: ctx.orgId,
        workspaceId: workspaceId === undefined ? r.workspace_id : workspaceId,
        ssrfMode: ctx.ssrfMode,
      };
    },
  };
}
