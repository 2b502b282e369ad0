import { SaxesParser } from 'saxes';

export interface XmlElement {
  name: string;
  uri: string;
  attributes: Record<string, string>;
  text: string;
  children: XmlElement[];
}

/** Parses an SVG strictly (saxes: XML 1.0 well-formedness, namespaces); throws on any error. */
export function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const errors: string[] = [];
  parser.on('error', (e) => errors.push(e.message));
  parser.on('opentag', (tag) => {
    const attributes: Record<string, string> = {};
    for (const [name, attr] of Object.entries(tag.attributes)) attributes[name] = typeof attr === 'string' ? attr : attr.value;
    const el: XmlElement = { name: tag.local ?? tag.name, uri: tag.uri ?? '', attributes, text: '', children: [] };
    stack.at(-1)?.children.push(el);
    stack.push(el);
    root ??= el;
  });
  parser.on('text', (t) => {
    const top = stack.at(-1);
    if (top) top.text += t;
  });
  parser.on('closetag', () => stack.pop());
  parser.write(xml).close();
  if (errors.length) throw new Error(`not well-formed XML: ${errors.join('; ')}`);
  if (!root) throw new Error('no root element');
  return root;
}

export function findAll(el: XmlElement, name: string): XmlElement[] {
  return [...(el.name === name ? [el] : []), ...el.children.flatMap((c) => findAll(c, name))];
}
