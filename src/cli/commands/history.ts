// `ctb history list | show | export`: the History of a data folder read from the terminal, each
// exchange with its pairing (sent vs received by request_id) computed when read, never when written.

import type { Command } from 'commander';
import { Option } from 'commander';
import { writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DATABASE_FILE, defaultDataDir } from '../../engine/data-dir.ts';
import type { Exchange, HistoryFilter } from '../../store/history.ts';
import type { Pairing } from '../../engine/pairing.ts';
import { CheckFailedError, UsageError } from '../errors.ts';
import { parseInteger } from '../options.ts';
import { out, printJson, table } from '../render.ts';
import { packageVersion } from '../package-info.ts';

interface ReadFlags {
  dataDir?: string;
  json?: boolean;
}

interface ListFlags extends ReadFlags {
  direction?: 'outgoing' | 'incoming';
  verdict?: string;
  tool?: string;
  requestId?: string;
  limit: number;
}

interface ExportFlags extends ListFlags {
  format: 'har' | 'json';
  output?: string;
  includeSecrets?: boolean;
}

const DIRECTIONS = ['outgoing', 'incoming'];

function readOptions(cmd: Command): Command {
  return cmd
    .option(
      '--data-dir <dir>',
      'data folder whose History to read (default $CTB_DATA_DIR or ~/.connector-testbench)',
    )
    .option('--json', 'print machine-readable JSON');
}

function filterOptions(cmd: Command, defaultLimit: number): Command {
  return cmd
    .addOption(
      new Option('--direction <direction>', 'only sent (outgoing) or received (incoming)').choices(
        DIRECTIONS,
      ),
    )
    .option('--verdict <code>', 'only this verdict (ok, invalid_signature, timeout, ...)')
    .option('--tool <name>', 'only this tool')
    .option('--request-id <id>', 'only request ids starting with it')
    .addOption(
      new Option('--limit <n>', 'at most this many, newest first')
        .default(defaultLimit)
        .argParser(parseInteger('--limit', { min: 1, max: 10_000 })),
    );
}

export function registerHistoryCommands(program: Command): void {
  const history = program
    .command('history')
    .description('read the History: list, show one exchange with its sent-vs-received pairing, export');

  readOptions(filterOptions(history.command('list').description('list exchanges, newest first'), 50)).action(
    (flags: ListFlags) => withHistory(flags, (h) => list(h, flags)),
  );

  readOptions(
    history
      .command('show <id>')
      .description('one whole exchange: headers, bodies, diagnosis and what changed on the way')
      .option('--include-secrets', 'keep signature headers and the diagnosis signatures'),
  ).action((id: string, flags: ReadFlags & { includeSecrets?: boolean }) =>
    withHistory(flags, (h) => show(h, id, flags)),
  );

  readOptions(
    filterOptions(
      history
        .command('export')
        .description('export as HAR 1.2 or byte-exact JSON, redacted unless --include-secrets')
        .addOption(new Option('--format <format>', 'har or json').choices(['har', 'json']).default('har'))
        .option('-o, --output <file>', 'write to this file (default: standard output)')
        .option('--include-secrets', 'keep signature headers and diagnosis signatures'),
      10_000,
    ),
  ).action((flags: ExportFlags) => withHistory(flags, (h) => exportTo(h, flags)));
}

type Opened = Awaited<ReturnType<typeof open>>;

async function open(flags: ReadFlags) {
  const dataDir = resolve(flags.dataDir ?? defaultDataDir());
  if (!existsSync(join(dataDir, DATABASE_FILE)))
    throw new UsageError(`no History in ${dataDir} (nothing recorded there yet; check --data-dir)`);
  // Loaded here: the other commands start without SQLite.
  const { openHistory } = await import('../../engine/history-file.ts');
  const { pairingOf } = await import('../../engine/pairing.ts');
  const file = openHistory(dataDir);
  return { file, history: file.history, pairingOf: (id: number) => pairingOf(file.history, id) };
}

async function withHistory(flags: ReadFlags, run: (h: Opened) => Promise<void> | void): Promise<void> {
  const h = await open(flags);
  try {
    await run(h);
  } finally {
    await h.file.close();
  }
}

function filterOf(flags: ListFlags): HistoryFilter {
  return {
    ...(flags.direction ? { direction: flags.direction } : {}),
    ...(flags.verdict ? { verdict: flags.verdict } : {}),
    ...(flags.tool ? { tool: flags.tool } : {}),
    ...(flags.requestId ? { id: flags.requestId } : {}),
  };
}

function pairingJson(p: Pairing | null) {
  if (!p) return null;
  const d = p.diff;
  return {
    role: p.role,
    peer_id: p.peerId,
    sent_id: d.sentId,
    received_id: d.receivedId,
    body_differs: d.bodyDiffers,
    sent_bytes: d.sentBytes,
    received_bytes: d.receivedBytes,
    first_difference_at: d.firstDifferenceAt,
    headers_differ: d.headersDiffer,
    transit_ms: d.transitMs,
    sent_verdict: d.sentVerdict,
    received_verdict: d.receivedVerdict,
    conclusion: d.conclusion,
    summary: d.summary,
  };
}

/**
 * Up to `limit` summaries, newest first: the store answers at most 500 per window, so --limit
 * 10000 walks the windows instead of stopping at the first one.
 */
function newest(
  h: Opened,
  filter: ReturnType<typeof filterOf>,
  limit: number,
): { items: ReturnType<Opened['history']['page']>['items']; nextBefore: number | null } {
  const items: ReturnType<Opened['history']['page']>['items'] = [];
  let before: number | undefined;
  for (;;) {
    const page = h.history.page(filter, { before, limit: limit - items.length });
    for (const item of page.items) items.push(item);
    if (page.nextBefore === null || items.length >= limit || page.items.length === 0)
      return { items, nextBefore: page.nextBefore };
    before = page.nextBefore;
  }
}

function list(h: Opened, flags: ListFlags): void {
  const page = newest(h, filterOf(flags), flags.limit);
  const rows = page.items.map((s) => {
    const e = h.history.get(s.id)!;
    return { summary: s, diagnosis: diagnosisSummary(e), pairing: pairingJson(h.pairingOf(s.id)) };
  });
  if (flags.json) {
    printJson({
      exchanges: rows.map(({ summary: s, diagnosis, pairing }) => ({
        id: s.id,
        request_id: s.requestId,
        direction: s.direction,
        request_type: s.requestType,
        tool: s.tool,
        method: s.method,
        url: s.url,
        status: s.responseStatus,
        verdict: s.verdict,
        diagnosis,
        started_at: new Date(s.startedAt).toISOString(),
        duration_ms: s.durationMs,
        pairing,
      })),
      more: page.nextBefore !== null,
    });
    return;
  }
  if (rows.length === 0) return out('no exchanges match');
  const cells = rows.map(({ summary: s, pairing }) => [
    String(s.id),
    new Date(s.startedAt).toISOString().slice(11, 23),
    s.direction === 'outgoing' ? 'sent' : 'received',
    s.requestType ?? '-',
    s.tool ?? '-',
    s.responseStatus === null ? '-' : String(s.responseStatus),
    s.verdict,
    s.requestId ?? '-',
    pairing ? `${pairing.role === 'sent' ? '->' : '<-'} #${pairing.peer_id} ${pairing.conclusion}` : '',
  ]);
  const head = ['ID', 'TIME', 'DIR', 'TYPE', 'TOOL', 'STATUS', 'VERDICT', 'REQUEST_ID', 'PAIRED'];
  const widths = head.map((t, i) => Math.max(t.length, ...cells.map((c) => c[i].length)));
  for (const row of [head, ...cells])
    out(
      row
        .map((c, i) => c.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    );
  if (page.nextBefore !== null) out(`(more: raise --limit, now ${flags.limit})`);
}

/** The verdict's cause in a line: the diagnosis summary when it has one, else the error message. */
function diagnosisSummary(e: Exchange): string | null {
  const d = e.diagnosis as { signature?: { summary?: string } } | null;
  return d?.signature?.summary ?? e.errorMessage ?? null;
}

async function show(
  h: Opened,
  rawId: string,
  flags: ReadFlags & { includeSecrets?: boolean },
): Promise<void> {
  const id = Number(rawId.replace(/^#/, ''));
  if (!Number.isSafeInteger(id) || id < 1)
    throw new UsageError(
      `exchange id must be a positive whole number (see \`ctb history list\`), got "${rawId}"`,
    );
  const e = h.history.get(id);
  if (!e) throw new CheckFailedError(`no exchange with id ${id} in the History`);
  const { redactHeaders, redactBody, utf8Text } = await import('../../engine/history/redact.ts');
  const secrets = Boolean(flags.includeSecrets);
  const body = (b: Buffer | null) => {
    if (!b) return null;
    const kept = redactBody(b, secrets);
    const text = utf8Text(kept);
    return text === null ? { base64: kept.toString('base64') } : { text };
  };
  const pairing = pairingJson(h.pairingOf(id));
  const doc = {
    id: e.id,
    request_id: e.requestId ?? null,
    trace_id: e.traceId ?? null,
    direction: e.direction,
    request_type: e.requestType ?? null,
    tool: e.tool ?? null,
    method: e.method,
    url: e.url,
    started_at: new Date(e.startedAt).toISOString(),
    timing: e.timing ?? null,
    verdict: e.verdict,
    error_message: e.errorMessage ?? null,
    request: { headers: redactHeaders(e.requestHeaders, secrets), body: body(e.requestBody) },
    response:
      e.responseStatus === null || e.responseStatus === undefined
        ? null
        : {
            status: e.responseStatus,
            headers: e.responseHeaders ? redactHeaders(e.responseHeaders, secrets) : [],
            body: body(e.responseBody),
          },
    // The diagnosis holds the received and expected signatures: secret-derived, like in exports.
    diagnosis: secrets ? (e.diagnosis ?? null) : diagnosisSummary(e),
    redacted: !secrets,
    pairing,
  };
  if (flags.json) return printJson(doc);
  for (const line of table([
    ['exchange', `#${e.id} ${e.direction === 'outgoing' ? 'sent' : 'received'} ${e.method} ${e.url}`],
    ['request_id', e.requestId ?? '-'],
    ['type', [e.requestType, e.tool].filter(Boolean).join(' ') || '-'],
    ['started', doc.started_at],
    ['verdict', e.verdict + (doc.error_message ? `: ${doc.error_message}` : '')],
    ['status', doc.response ? String(doc.response.status) : '-'],
  ]))
    out(line);
  out();
  out('request headers');
  for (const [n, v] of doc.request.headers) out(`  ${n}: ${v}`);
  out('request body');
  out(`  ${doc.request.body?.text ?? `(binary, base64) ${doc.request.body?.base64 ?? ''}`}`);
  if (doc.response) {
    out('response body');
    out(`  ${doc.response.body?.text ?? `(binary, base64) ${doc.response.body?.base64 ?? ''}`}`);
  }
  if (pairing) {
    out();
    out(`sent vs received (#${pairing.sent_id} -> #${pairing.received_id})`);
    for (const line of table([
      [
        'body',
        pairing.body_differs
          ? `differs from byte ${pairing.first_difference_at} (${pairing.sent_bytes} -> ${pairing.received_bytes} bytes)`
          : 'byte-exact',
      ],
      [
        'headers',
        pairing.headers_differ.length
          ? pairing.headers_differ.map((c) => `${c.name}: ${c.sent ?? '(none)'} -> ${c.received ?? '(none)'}`)
          : 'same',
      ],
      ['transit', `${pairing.transit_ms} ms`],
      ['verdicts', `${pairing.sent_verdict} -> ${pairing.received_verdict}`],
      ['meaning', pairing.summary],
    ]))
      out(`  ${line}`);
  }
}

async function exportTo(h: Opened, flags: ExportFlags): Promise<void> {
  const { exportHistory } = await import('../../engine/history/export.ts');
  const page = newest(h, filterOf(flags), flags.limit);
  const exchanges = page.items
    .map((s) => h.history.get(s.id))
    .filter((e) => e !== null)
    .reverse();
  const result = exportHistory(exchanges, {
    format: flags.format,
    includeSecrets: Boolean(flags.includeSecrets),
    version: packageVersion(),
    truncated: page.nextBefore !== null,
    absoluteUrl: () => null,
  });
  if (!flags.output) return void process.stdout.write(result.content + '\n');
  await writeFile(flags.output, result.content).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot write --output ${flags.output}: ${error.code ?? error.message}`);
  });
  out(
    `exported ${result.count} exchange${result.count === 1 ? '' : 's'} to ${flags.output} (${result.redacted ? 'redacted' : 'with secrets'}${result.truncated ? ', truncated: raise --limit' : ''})`,
  );
}
