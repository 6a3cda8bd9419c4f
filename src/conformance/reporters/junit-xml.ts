// JUnit XML for every report the testbench writes (conformance, scenario runs): the common subset of
// the Jenkins (junit-4/xunit) and Apache Ant schemas, so any CI dashboard reads it.

import os from 'node:os';

// Characters XML 1.0 cannot carry at all, lone surrogates included.
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export const junitSeconds = (ms: number): string => (ms / 1000).toFixed(3);

/** Ant's schema wants the suite's start as local-style seconds without zone: ours is UTC, said in a property. */
export function junitTimestamp(iso: string): string {
  return iso.replace(/\.\d+/, '').replace(/(Z|[+-]\d{2}:\d{2})$/, '');
}

export interface JunitCase {
  classname: string;
  name: string;
  durationMs: number;
  /** At most one child per case: both schemas allow no more. */
  outcome:
    | { kind: 'pass' }
    | { kind: 'skipped'; reason: string }
    | { kind: 'failure' | 'error'; message: string; type: string; detail: string };
}

export interface JunitSuite {
  name: string;
  package: string;
  id: number;
  durationMs: number;
  /** ISO time the suite started. */
  startedAt: string;
  properties: Array<[string, string]>;
  cases: JunitCase[];
  systemOut?: string;
}

function junitCase(c: JunitCase): string {
  const attrs = `classname="${escapeXml(c.classname)}" name="${escapeXml(c.name)}" time="${junitSeconds(c.durationMs)}"`;
  const o = c.outcome;
  // Skipped carries its reason as text: the Jenkins schema gives <skipped> no attributes.
  const inner =
    o.kind === 'pass'
      ? ''
      : o.kind === 'skipped'
        ? `<skipped>${escapeXml(o.reason)}</skipped>`
        : `<${o.kind} message="${escapeXml(o.message)}" type="${escapeXml(o.type)}">${escapeXml(o.detail)}</${o.kind}>`;
  return inner ? `    <testcase ${attrs}>\n      ${inner}\n    </testcase>` : `    <testcase ${attrs}/>`;
}

/** <testsuites> has no attributes (Ant's schema allows none); each suite counts its own cases. */
export function junitXml(suites: JunitSuite[], hostname = os.hostname() || 'localhost'): string {
  const count = (s: JunitSuite, kind: string) => s.cases.filter((c) => c.outcome.kind === kind).length;
  const property = ([name, value]: [string, string]) =>
    `<property name="${escapeXml(name)}" value="${escapeXml(value)}"/>`;
  const body = suites.flatMap((s) => [
    `  <testsuite ${[
      `name="${escapeXml(s.name)}"`,
      `package="${escapeXml(s.package)}"`,
      `id="${s.id}"`,
      `hostname="${escapeXml(hostname)}"`,
      `tests="${s.cases.length}"`,
      `failures="${count(s, 'failure')}"`,
      `errors="${count(s, 'error')}"`,
      `skipped="${count(s, 'skipped')}"`,
      `time="${junitSeconds(s.durationMs)}"`,
      `timestamp="${escapeXml(junitTimestamp(s.startedAt))}"`,
    ].join(' ')}>`,
    `    <properties>${[['timestamp_zone', 'UTC'] as [string, string], ...s.properties].map(property).join('')}</properties>`,
    ...s.cases.map(junitCase),
    `    <system-out>${escapeXml(s.systemOut ?? '')}</system-out>`,
    '    <system-err></system-err>',
    '  </testsuite>',
  ]);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<testsuites>', ...body, '</testsuites>', ''].join('\n');
}
