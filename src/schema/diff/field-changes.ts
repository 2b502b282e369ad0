import { sentences } from '../../model/rules.ts';
import { excerpt } from '../../records/quote.ts';
import type { SchemaField } from '../model.ts';
import { quoted, readable, WRAPPER } from './context.ts';
import type { DefinitionPair } from './field-records.ts';
import { diffFieldShape } from './field-shape.ts';

/**
 * One field present on both sides, in the order its records are read: deprecated, required
 * or optional, its shape (field-shape.ts), its default, and last its description, which
 * counts only when nothing else about the field changed.
 */
export function compareField(pair: DefinitionPair, path: string, of: SchemaField, nf: SchemaField, subject: string): void {
  diffDeprecation(pair, path, of, nf, subject);
  // An array's items, an object's values and the definition's own shape have no required-ness of their own.
  const wrapper = path === '' || WRAPPER.test(path);
  if (!wrapper && of.required !== nf.required) {
    // Optional in the schema, but its description binds senders to it where it applies: the schema only caught up with the prose.
    const optional = nf.required ? of : nf;
    const bound = providedDuty(readable(pair.ctx, optional.description ?? null));
    pair.emitField(
      {
        id: nf.required ? 'field-became-required' : 'field-became-optional', subject, before: pair.side(path, of), after: pair.side(path, nf),
        ...(bound ? { level: 'non-breaking' as const, levelReason: `its description, where it is optional, already binds senders to it: “${excerpt(bound, 0, 120)}”` } : {}),
      },
      nf.required ? 'obligation' : 'widening',
      path,
      null,
    );
  }
  const shapeChanged = diffFieldShape(pair, path, of, nf, subject);
  // A default is what a receiver assumes when the sender leaves the field out.
  if (of.default !== nf.default) {
    pair.emitField({ id: 'field-default-changed', subject, before: { ...pair.side(path, of), default: of.default ?? null }, after: { ...pair.side(path, nf), default: nf.default ?? null }, detail: { from: of.default ?? 'none', to: nf.default ?? 'none' } }, null, path, null);
  }
  // A description that changed as the field was deprecated carries the notice the deprecation record quotes.
  const newlyDeprecated = !of.deprecated && nf.deprecated === true;
  if (pair.ctx.descriptions && path !== '' && !shapeChanged && of.required === nf.required && !newlyDeprecated) {
    const od = readable(pair.ctx, of.description);
    const nd = readable(pair.ctx, nf.description);
    if (od !== nd && od !== null && nd !== null) {
      pair.emitField({ id: 'field-description-changed', subject, before: { ...pair.side(path, of), text: quoted(pair.ctx, of.description) }, after: { ...pair.side(path, nf), text: quoted(pair.ctx, nf.description) } }, null, path, null);
    }
  }
}

/** A sentence of a description that makes senders provide the field ("This MUST be provided for …"), or null. */
function providedDuty(description: string | null): string | null {
  if (!description) return null;
  return sentences(description).find((s) => /\b(?:MUST|SHALL)\s+(?:always\s+)?be\s+(?:provided|included|present|set|sent)\b/.test(s)) ?? null;
}

function diffDeprecation(pair: DefinitionPair, path: string, of: SchemaField, nf: SchemaField, subject: string): void {
  if (of.deprecated || !nf.deprecated) return;
  // The description's own notice when it has one ("Deprecated in favor of …"), else the keyword.
  const notice = nf.description && /deprecat/i.test(nf.description) ? nf.description.replace(/\s+/g, ' ') : '`deprecated: true`';
  pair.emitField({ id: 'field-deprecated', subject, before: pair.side(path, of), after: pair.side(path, nf), detail: { notice: excerpt(notice, Math.max(0, notice.search(/deprecat/i)), 110) } }, null, path, null);
}
