// Checks over every answer of the run (decisions.md 1-2): refusals identical and free of detail,
// no stack traces, proper error envelopes, JSON content type, answers well under the 30 s limit.

import { safeText } from '../../protocol/index.ts';
import type { Exchange } from '../context.ts';
import { errorCodeOf, fail, isObject, pass, skip } from '../expect.ts';
import type { CheckDefinition } from './check.ts';

const SLOW_ANSWER_MS = 5000;

/** Words that tell an attacker which verification step failed. */
const DETAIL_PATTERN =
  /timestamp|skew|too old|expired|future|secret|expected|mismatch|hmac|digest|header|milli|[0-9a-f]{64}/i;
const STACK_PATTERNS = [
  /\bat [^\s"]+ \(?[^\s"()]+:\d+:\d+\)?/,
  /"stack"\s*:/,
  /Traceback \(most recent call last\)/,
  /\bat [a-z0-9_$.]+\([A-Za-z0-9_]+\.java:\d+\)/,
];

function answered(exchanges: Exchange[]): Array<Exchange & { response: NonNullable<Exchange['response']> }> {
  return exchanges.filter(
    (e): e is Exchange & { response: NonNullable<Exchange['response']> } => e.response !== null,
  );
}

function preview(ex: Exchange): string {
  return ex.response ? safeText(ex.response.body, 200).text : '';
}

export const aggregateChecks: CheckDefinition[] = [
  {
    id: 'signature.generic-refusal',
    level: 'must',
    title: 'Every signature refusal is the same generic answer, without detail',
    reference: 'decisions.md 1',
    expected:
      'identical {"type":"error","code":"invalid_signature","message":<generic>} bodies, no hint of which check failed',
    run: async (ctx) => {
      const refusals = answered(ctx.signatureRefusals).filter(
        (e) => e.response.status !== 200 || errorCodeOf(e) !== null,
      );
      if (refusals.length === 0) return skip('no refusal to compare (every bad signature was served)');
      const first = refusals[0];
      const different = refusals.find((e) => !e.response.body.equals(first.response.body));
      if (different)
        return fail(
          `refusals differ between checks, which tells a caller what failed: ${first.checkId} got "${preview(first)}" but ${different.checkId} got "${preview(different)}"`,
          different,
        );
      const json = first.json;
      if (!isObject(json)) return fail(`the refusal is not a JSON envelope: "${preview(first)}"`, first);
      const extra = Object.keys(json).filter((k) => !['type', 'code', 'message'].includes(k));
      if (extra.length)
        return fail(`the refusal carries extra fields (${extra.join(', ')}): "${preview(first)}"`, first);
      if (typeof json.message === 'string' && DETAIL_PATTERN.test(json.message))
        return fail(
          `the refusal message reveals detail ("${json.message}"): keep the reason inside the connector's own logs`,
          first,
        );
      return pass(`${refusals.length} refusals, all "${preview(first)}"`, first);
    },
  },
  {
    id: 'answers.no-stack-trace',
    level: 'must',
    title: 'No answer carries a stack trace',
    reference: 'decisions.md 1-2',
    expected: 'no stack frames, no "stack" field in any answer body',
    run: async (ctx) => {
      if (answered(ctx.exchanges).length === 0) return skip('no answers to inspect');
      const leaking = answered(ctx.exchanges).find((e) => {
        const text = e.response.body.toString('utf8');
        return STACK_PATTERNS.some((p) => p.test(text));
      });
      if (leaking)
        return fail(
          `${leaking.checkId} answered a stack trace: "${preview(leaking)}"; it discloses code paths and versions`,
          leaking,
        );
      return pass(`${answered(ctx.exchanges).length} answers, none with a stack trace`);
    },
  },
  {
    id: 'answers.error-envelope',
    level: 'must',
    title: 'Every error answer uses the envelope {"type":"error","code","message"}',
    reference: 'protocol.md 4.1; decisions.md 2',
    expected: '{"type":"error","code":<non-empty string>,"message":<string>} for every protocol error',
    run: async (ctx) => {
      const errors = answered(ctx.exchanges).filter((e) => {
        const notFound = e.response.status === 404 && isObject(e.json) && e.json.error === 'not_found';
        return !notFound && (e.response.status >= 400 || (isObject(e.json) && e.json.type === 'error'));
      });
      if (errors.length === 0) return skip('no error answers seen');
      const bad = errors.find(
        (e) =>
          !isObject(e.json) ||
          e.json.type !== 'error' ||
          typeof e.json.code !== 'string' ||
          e.json.code === '' ||
          typeof e.json.message !== 'string',
      );
      if (bad) return fail(`${bad.checkId} answered HTTP ${bad.response.status} "${preview(bad)}"`, bad);
      return pass(`${errors.length} error answers, all proper envelopes`);
    },
  },
  {
    id: 'answers.json-content-type',
    level: 'must',
    title: 'Every answer with a body is labelled application/json',
    reference: 'protocol.md 4.1',
    expected: 'content-type: application/json on every answer',
    run: async (ctx) => {
      const withBody = answered(ctx.exchanges).filter((e) => e.response.body.length > 0);
      if (withBody.length === 0) return skip('no answers with a body');
      const bad = withBody.find((e) => !/^application\/json\b/i.test(contentType(e) ?? ''));
      if (bad) return fail(`${bad.checkId} answered content-type ${JSON.stringify(contentType(bad))}`, bad);
      return pass(`${withBody.length} answers, all application/json`);
    },
  },
  {
    id: 'answers.timing',
    level: 'should',
    title: `Every answer arrives well under the platform's 30 s timeout (< ${SLOW_ANSWER_MS / 1000} s)`,
    reference: 'protocol.md 8',
    expected: `slowest answer < ${SLOW_ANSWER_MS} ms`,
    run: async (ctx) => {
      const timed = answered(ctx.exchanges);
      if (timed.length === 0) return skip('no answers');
      const slowest = timed.reduce((a, b) => (b.timeMs > a.timeMs ? b : a));
      const ms = Math.round(slowest.timeMs);
      if (slowest.timeMs < SLOW_ANSWER_MS)
        return pass(`slowest answer ${ms} ms (${slowest.checkId})`, slowest);
      return fail(
        `${slowest.checkId} took ${ms} ms: close to the platform's 30 s timeout under load`,
        slowest,
      );
    },
  },
];

export function contentType(ex: Exchange): string | null {
  return ex.response?.headers.find(([n]) => n.toLowerCase() === 'content-type')?.[1] ?? null;
}
