import type { Reported, SchemaDiffContext } from './context.ts';

/**
 * Error codes pair by number: a code added, removed, or now named by another definition is
 * a record of its own, and its definition is then not reported again as a definition.
 */
export function diffErrorCodes(ctx: SchemaDiffContext, reported: Reported): void {
  for (const [code, error] of ctx.a.codes) {
    const now = ctx.b.codes.get(code);
    const def = error.definition;
    if (!now) {
      reported.add(`old:${def.name}`);
      ctx.records.emitRemoved(def, {
        id: 'error-code-removed',
        subject: String(code),
        section: { old: def.name, new: null },
        before: { text: `${code} ${def.name}`, line: def.line, path: def.name },
        after: null,
        detail: { name: def.name },
      });
    } else if (now.definition.name !== def.name && ctx.oldToNew.get(def.name) !== def.name) {
      reported.add(`old:${def.name}`);
      reported.add(`new:${now.definition.name}`);
      ctx.records.emit({
        id: 'error-code-renamed',
        subject: String(code),
        section: { old: def.name, new: now.definition.name },
        before: { text: `${code} ${def.name}`, line: def.line, path: def.name },
        after: { text: `${code} ${now.definition.name}`, line: now.definition.line, path: now.definition.name },
        detail: { from: def.name, to: now.definition.name },
      });
    }
  }
  for (const [code, error] of ctx.b.codes) {
    if (ctx.a.codes.has(code)) continue;
    const def = error.definition;
    reported.add(`new:${def.name}`);
    ctx.records.emit({
      id: 'error-code-added',
      subject: String(code),
      section: { old: null, new: def.name },
      before: null,
      after: { text: `${code} ${def.name}`, line: def.line, path: def.name },
      detail: { name: def.name },
    });
  }
}
