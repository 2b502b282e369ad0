/** The `title:` of a page's front matter, or its first `# heading`, or null. */
export function pageTitleOf(text: string): string | null {
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  const fromFront = front ? /^title:\s*(.+?)\s*$/m.exec(front[1]!)?.[1] : undefined;
  const title = fromFront?.replace(/^(["'])(.*)\1$/, '$2') ?? /^#\s+(.+?)\s*#*\s*$/m.exec(text)?.[1];
  return title && title.trim() ? title.trim() : null;
}
