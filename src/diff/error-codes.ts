import { bothSections, sectionPair, type DiffContext, type Emit } from './context.ts';

/** Error codes pair by number; the name is documentation, so a new name alone is editorial. */
export function diffErrorCodes(ctx: DiffContext, emit: Emit): void {
  const news = new Map(ctx.new.errorCodes.map((e) => [e.code, e]));
  const olds = new Map(ctx.old.errorCodes.map((e) => [e.code, e]));
  for (const [code, before] of olds) {
    const after = news.get(code);
    const name = before.name ?? '';
    if (!after) {
      emit({ id: 'error-code-removed', subject: String(code), section: sectionPair(ctx, 'old', before.sectionId), before: { text: String(code), line: before.line, name }, after: null, detail: { name } });
    } else if (before.name && after.name && before.name !== after.name) {
      emit({
        id: 'error-code-renamed', subject: String(code), section: bothSections(ctx, before.sectionId, after.sectionId),
        before: { text: String(code), line: before.line, name: before.name }, after: { text: String(code), line: after.line, name: after.name },
        detail: { from: before.name, to: after.name },
      });
    }
  }
  for (const [code, after] of news) {
    if (olds.has(code)) continue;
    const name = after.name ?? '';
    emit({ id: 'error-code-added', subject: String(code), section: sectionPair(ctx, 'new', after.sectionId), before: null, after: { text: String(code), line: after.line, name }, detail: { name } });
  }
}
