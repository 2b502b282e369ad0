/**
 * A problem in the user's document, reported with a position instead of thrown: the
 * rest of the document is still read and diffed.
 */
export interface Diagnostic {
  severity: 'error' | 'warning';
  message: string;
  /** 1-based line in the document, or null when the problem has no single place. */
  line: number | null;
  source?: string;
}

export function formatDiagnostic(d: Diagnostic, source?: string): string {
  const where = [source ?? d.source, d.line === null ? null : `line ${d.line}`].filter(Boolean).join(':');
  return `${where ? `${where}: ` : ''}${d.severity}: ${d.message}`;
}
