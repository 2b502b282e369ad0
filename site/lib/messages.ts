import type { Change } from '../../src/index.ts';

/**
 * A record's message, or a change's title, with its quote of the spec made whole. Reports
 * quote a rule around its keyword in ninety characters or so ("…and MUST handle…"); a page
 * has room for the sentence, so the operative clause is never cut. A quote is made whole
 * only where the record's own text holds it; anything else stays as the library wrote it.
 */

const ELLIPSIS = '…';

export function wholeQuote(message: string, record: Pick<Change, 'before' | 'after'> | undefined): string {
  if (!record || !message.includes(ELLIPSIS)) return message;
  const texts = [record.after?.text, record.before?.text].filter((t): t is string => typeof t === 'string' && t.length > 0);
  // Each quote: a run of text with an ellipsis at one end or both, found whole in one of the record's texts.
  return message.replace(/(…)?([^…]{12,}?)(…)(?=$|[\s.,;:)\]])|(…)([^…]{12,})$/g, (match: string, openA: string | undefined, bodyA: string | undefined, _closeA: string | undefined, openB: string | undefined, bodyB: string | undefined) => {
    const open = openA ?? openB;
    const body = (bodyA ?? bodyB ?? '').replace(/^`|`$/g, '');
    const core = body.includes(': ') && !open ? body.slice(body.indexOf(': ') + 2) : body;
    for (const text of texts) {
      const at = text.indexOf(core.trim());
      if (at < 0 || core.trim().length < 12) continue;
      const lead = !open && core !== body ? body.slice(0, body.indexOf(': ') + 2) : '';
      return `${lead}${text}`;
    }
    return match;
  });
}
