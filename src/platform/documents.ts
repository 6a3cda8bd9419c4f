// Document metadata (protocol.md 4.3 upload): the API layer stores the bytes under
// <dataDir>/documents and records here what was stored, for which workspace.

import { PlatformError } from './errors.ts';
import { newId } from './ids.ts';
import { iso, requireWorkspace } from './context.ts';
import type { PlatformContext } from './context.ts';
import type { DocumentInput, DocumentView } from './types.ts';

const COLUMNS = 'id, workspace_id, filename, content_type, size, path, created_at';

export function documentService(ctx: PlatformContext) {
  const { db } = ctx;
  // Prepared once per platform: uploads and lists run on every request of the documents routes.
  const insert = db.prepare(
    'INSERT INTO documents (id, org_id, workspace_id, filename, content_type, size, path, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const byId = db.prepare(`SELECT ${COLUMNS} FROM documents WHERE id = ? AND org_id = ?`);
  const byWorkspace = db.prepare(
    `SELECT ${COLUMNS} FROM documents WHERE org_id = ? AND workspace_id = ? ORDER BY created_at DESC, rowid DESC`,
  );
  const all = db.prepare(
    `SELECT ${COLUMNS} FROM documents WHERE org_id = ? ORDER BY created_at DESC, rowid DESC`,
  );
  return {
    record(input: DocumentInput): DocumentView {
      requireWorkspace(ctx, input.workspaceId);
      if (typeof input.filename !== 'string' || input.filename === '')
        throw new PlatformError('validation_error', 'file must have a file name', { field: 'file' });
      const id = newId('doc');
      insert.run(
        id,
        ctx.orgId,
        input.workspaceId,
        input.filename,
        input.contentType || 'application/octet-stream',
        input.size,
        input.path,
        iso(ctx),
      );
      return this.get(id);
    },
    get(id: string): DocumentView {
      const row = byId.get(id, ctx.orgId) as DocumentView | undefined;
      if (!row) throw new PlatformError('not_found', `no document with id "${String(id)}"`);
      return row;
    },
    list(filter: { workspaceId?: string } = {}): DocumentView[] {
      return (
        filter.workspaceId ? byWorkspace.all(ctx.orgId, filter.workspaceId) : all.all(ctx.orgId)
      ) as DocumentView[];
    },
  };
}
