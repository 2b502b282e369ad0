import type { Nodes } from 'mdast';

/**
 * Plain text of an inline tree: emphasis dropped, links reduced to their text (so a
 * changed link target is not a changed sentence), inline code kept in backticks and
 * collected, since code spans name protocol identifiers. `citations` are the texts of
 * links into the document's own site (a path or a fragment, not another origin): words
 * that point at where something is stated ("clients [**SHOULD** accept it](/resources#errors)").
 */
export function inlineText(node: Nodes): { text: string; codeSpans: string[]; citations: string[] } {
  const codeSpans: string[] = [];
  const citations: string[] = [];
  const text = render(node, codeSpans, citations).replace(/\s+/g, ' ').trim();
  return { text, codeSpans, citations };
}

/** A URL with a scheme ("https:", "mailto:") leaves the site; a path or a fragment stays in it. */
const LEAVES_SITE = /^[a-z][a-z0-9+.-]*:/i;

function render(node: Nodes, spans: string[], citations: string[]): string {
  switch (node.type) {
    case 'link': {
      const text = node.children.map((child) => render(child, spans, citations)).join('');
      if (!LEAVES_SITE.test(node.url)) citations.push(text.replace(/\s+/g, ' ').trim());
      return text;
    }
    case 'text':
      return node.value;
    case 'inlineCode':
      spans.push(node.value);
      return `\`${node.value}\``;
    case 'break':
      return ' ';
    case 'html':
      return '';
    case 'image':
      return node.alt ?? '';
    default:
      if ('children' in node) return (node.children as Nodes[]).map((child) => render(child, spans, citations)).join('');
      if ('value' in node && typeof node.value === 'string') return node.value;
      return '';
  }
}
