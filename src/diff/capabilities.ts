import type { Capability } from '../model/index.ts';
import { bothSections, sectionPair, type DiffContext, type Emit } from './context.ts';

/** Capabilities pair by name; where they are declared (the JSON path) and their options are compared. */
export function diffCapabilities(ctx: DiffContext, emit: Emit): void {
  const olds = byName(ctx.old.capabilities);
  const news = byName(ctx.new.capabilities);
  for (const [name, before] of olds) {
    const after = news.get(name);
    const first = before[0]!;
    const oldLocations = unique(before.map((c) => c.location));
    if (!after) {
      emit({ id: 'capability-removed', subject: name, section: sectionPair(ctx, 'old', first.sectionId), before: side(first), after: null, detail: { location: oldLocations.join(', ') } });
      continue;
    }
    const newFirst = after[0]!;
    const newLocations = unique(after.map((c) => c.location));
    const pair = bothSections(ctx, first.sectionId, newFirst.sectionId);
    if (!newLocations.some((l) => oldLocations.includes(l))) {
      emit({ id: 'capability-moved', subject: name, section: pair, before: side(first), after: side(newFirst), detail: { from: oldLocations.join(', '), to: newLocations.join(', ') } });
    }
    const oldOptions = unique(before.flatMap((c) => c.options));
    const newOptions = unique(after.flatMap((c) => c.options));
    for (const option of newOptions.filter((o) => !oldOptions.includes(o))) {
      emit({ id: 'capability-option-added', subject: `${name}.${option}`, section: pair, before: null, after: side(newFirst) });
    }
    for (const option of oldOptions.filter((o) => !newOptions.includes(o))) {
      emit({ id: 'capability-option-removed', subject: `${name}.${option}`, section: pair, before: side(first), after: null });
    }
  }
  for (const [name, after] of news) {
    if (olds.has(name)) continue;
    const first = after[0]!;
    emit({ id: 'capability-added', subject: name, section: sectionPair(ctx, 'new', first.sectionId), before: null, after: side(first), detail: { location: unique(after.map((c) => c.location)).join(', ') } });
  }
}

function byName(capabilities: readonly Capability[]): Map<string, Capability[]> {
  const map = new Map<string, Capability[]>();
  for (const c of capabilities) map.set(c.name, [...(map.get(c.name) ?? []), c]);
  return map;
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

function side(c: Capability) {
  return { text: `${c.location}.${c.name}`, line: c.line, path: c.location, options: c.options };
}
