// XML helpers of the JUnit tests: a strict little reader (rejects unbalanced tags, raw `<` or `&`,
// unknown entities) and schema validation by xmllint, the tool a CI would use.

import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  if (/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(text))
    throw new Error(`unescaped & in ${JSON.stringify(text.slice(0, 60))}`);
  if (text.includes('<')) throw new Error(`raw < in ${JSON.stringify(text.slice(0, 60))}`);
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (_m, e: string) =>
    e.startsWith('#x')
      ? String.fromCodePoint(parseInt(e.slice(2), 16))
      : e.startsWith('#')
        ? String.fromCodePoint(Number(e.slice(1)))
        : ENTITIES[e],
  );
}

export function parseXml(xml: string): XmlElement {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const tag = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[\w:.-]+="[^"]*")*)\s*(\/?)>/g;
  const stack: XmlElement[] = [{ name: '#root', attributes: {}, children: [], text: '' }];
  let last = 0;
  for (let m = tag.exec(body); m; m = tag.exec(body)) {
    stack[stack.length - 1].text += decode(body.slice(last, m.index));
    last = tag.lastIndex;
    const [, closing, name, attrText, selfClosing] = m;
    if (closing) {
      const open = stack.pop()!;
      if (open.name !== name) throw new Error(`</${name}> closes <${open.name}>`);
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const a of attrText.matchAll(/([\w:.-]+)="([^"]*)"/g)) attributes[a[1]] = decode(a[2]);
    const element: XmlElement = { name, attributes, children: [], text: '' };
    stack[stack.length - 1].children.push(element);
    if (!selfClosing) stack.push(element);
  }
  if (body.slice(last).trim() !== '') throw new Error('text after the root element');
  if (stack.length !== 1 || stack[0].children.length !== 1) throw new Error('unbalanced document');
  return stack[0].children[0];
}

export function findAll(root: XmlElement, name: string): XmlElement[] {
  return [...(root.name === name ? [root] : []), ...root.children.flatMap((c) => findAll(c, name))];
}

/** The JUnit schemas CI tools validate against, shipped as test fixtures. */
export const SCHEMAS = {
  jenkins: fileURLToPath(new URL('../../fixtures/junit/jenkins-junit.xsd', import.meta.url)),
  ant: fileURLToPath(new URL('../../fixtures/junit/ant-junit.xsd', import.meta.url)),
};

/** xmllint's verdict on one document: null when it validates, else its complaints. */
export async function xmllint(schema: string, xml: string): Promise<string | null> {
  const dir = await mkdtemp(join(tmpdir(), 'ctb-junit-'));
  const file = join(dir, 'report.xml');
  await writeFile(file, xml);
  try {
    await promisify(execFile)('xmllint', ['--noout', '--schema', schema, file]);
    return null;
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT')
      throw new Error('xmllint is missing: install libxml2-utils (.ci/run does)', { cause: error });
    return e.stderr ?? String(error);
  }
}
