import type { Nodes } from 'mdast';

/**
 * Plain text of an inline tree: emphasis dropped, links reduced to their text (so a
 * changed link target is not a changed sentence), inline code kept in backticks and
 * collected, since code spans name protocol identifiers.
 */
export function inlineText(node: Nodes): { text: string; codeSpans: string[] } {
  const codeSpans: string[] = [];
  const text = render(node, codeSpans).replace(/\s+/g, ' ').trim();
  return { text, codeSpans };
}

function render(node: Nodes, spans: string[]): string {
  switch (node.type) {
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
      if ('children' in node) return (node.children as Nodes[]).map((child) => render(child, spans)).join('');
      if ('value' in node && typeof node.value === 'string') return node.value;
      return '';
  }
}
