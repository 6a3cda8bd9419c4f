// A strict little XML reader for the JUnit tests: rejects unbalanced tags, raw `<` or `&` in
// text or attributes and unknown entities, and returns the element tree with decoded attributes.

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
