// Document upload (protocol.md 4.3): multipart `file` + `workspace_id`, streamed to the data folder's
// documents directory under the upload limit (413 beyond it), then recorded by the platform.

import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiContext } from '../context.ts';
import { TAGS } from '../context.ts';
import { ApiError } from '../errors.ts';
import { bearer, documentSchema, errors, listOf } from '../schemas.ts';

interface Upload {
  tmp: string;
  filename: string;
  contentType: string;
  size: number;
}

/** What the OpenAPI document shows for the upload body (validation happens while streaming). */
export const uploadBodyDoc = {
  type: 'object',
  properties: {
    file: { type: 'string', format: 'binary', description: 'The document' },
    workspace_id: { type: 'string', description: 'Workspace the document belongs to' },
  },
  required: ['file', 'workspace_id'],
} as const;

export function registerDocumentRoutes(app: FastifyInstance, ctx: ApiContext, dataDir: string | null): void {
  const { platform, guards } = ctx;

  app.post(
    '/api/v1/documents',
    {
      preHandler: guards.requireUser,
      config: { uploadBody: uploadBodyDoc },
      schema: {
        tags: [TAGS.documents],
        summary: `Upload a document (multipart: file + workspace_id; at most ${ctx.maxUploadBytes} bytes)`,
        security: bearer,
        consumes: ['multipart/form-data'],
        response: { 201: documentSchema, ...errors(400, 401, 413) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new ApiError(
          'validation_error',
          'send multipart/form-data with a "file" part and a "workspace_id" field',
        );
      const { upload, workspaceId } = await receive(request, ctx.documentsDir);
      try {
        if (!upload) throw new ApiError('validation_error', 'the "file" part is missing');
        if (!workspaceId) throw new ApiError('validation_error', 'the "workspace_id" field is missing');
        const stored = join(ctx.documentsDir, `${randomUUID()}-${safeName(upload.filename)}`);
        await rename(upload.tmp, stored);
        upload.tmp = stored;
        const document = platform.documents.record({
          workspaceId,
          filename: upload.filename,
          contentType: upload.contentType,
          size: upload.size,
          path: displayPath(stored, dataDir),
        });
        upload.tmp = '';
        return reply.code(201).send(document);
      } finally {
        if (upload?.tmp) await rm(upload.tmp, { force: true });
      }
    },
  );

  app.get<{ Querystring: { workspace_id?: string } }>(
    '/api/v1/documents',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: [TAGS.documents],
        summary: 'Uploaded documents, newest first',
        security: bearer,
        querystring: {
          type: 'object',
          properties: { workspace_id: { type: 'string' } },
          additionalProperties: false,
        },
        response: { 200: listOf(documentSchema), ...errors(400, 401) },
      },
    },
    async (request) => ({
      items: platform.documents.list(
        request.query.workspace_id !== undefined ? { workspaceId: request.query.workspace_id } : {},
      ),
    }),
  );
}

async function receive(
  request: FastifyRequest,
  dir: string,
): Promise<{ upload: Upload | null; workspaceId: string | null }> {
  let upload: Upload | null = null;
  let workspaceId: string | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'workspace_id') workspaceId = String(part.value).trim();
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new ApiError(
          'validation_error',
          `unexpected file part "${part.fieldname}"; the document goes in the "file" part`,
        );
      }
      await mkdir(dir, { recursive: true });
      const tmp = join(dir, `.upload-${randomUUID()}`);
      upload = { tmp, filename: part.filename, contentType: part.mimetype, size: 0 };
      part.file.on('data', (chunk: Buffer) => (upload!.size += chunk.length));
      await pipeline(part.file, createWriteStream(tmp, { mode: 0o600 }));
      if (part.file.truncated)
        throw new ApiError(
          'payload_too_large',
          'the uploaded file is larger than the upload limit of this platform',
        );
    }
  } catch (error) {
    if (upload) await rm(upload.tmp, { force: true });
    throw asClientError(error);
  }
  return { upload, workspaceId };
}

/**
 * The multipart parser rejects a missing boundary or an unterminated part with a plain Error (no
 * code, no status): that is the client's body, so 400 with the parser's reason. File-system errors
 * (they carry a syscall) and coded errors keep their own meaning.
 */
function asClientError(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof ApiError) return error;
  const e = error as Error & { code?: unknown; statusCode?: unknown; syscall?: unknown };
  if (e.code !== undefined || e.statusCode !== undefined || e.syscall !== undefined) return error;
  return new ApiError('validation_error', `the multipart body is malformed: ${e.message}`);
}

/** Keeps a recognisable name on disk without letting the client choose a path. */
function safeName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  return (
    base
      .replace(/[^A-Za-z0-9._-]/g, '_')
      .replace(/^\.+/, '')
      .slice(0, 100) || 'document'
  );
}

function displayPath(file: string, dataDir: string | null): string {
  if (!dataDir) return file;
  const rel = relative(dataDir, file);
  return rel.startsWith('..') || isAbsolute(rel) ? file : rel;
}
