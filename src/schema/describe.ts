import { describeConstraints } from './constraints.ts';
import type { SchemaField } from './model.ts';

/** Short human renderings of a field's shape, for records' texts and messages. */

function atomText(atom: string): string {
  return atom.startsWith('→') ? atom.slice(1) : atom;
}

export function describeShape(field: SchemaField): string {
  const parts: string[] = [];
  if (field.values) {
    parts.push(field.values.length === 1 ? `const ${field.values[0]}` : `one of ${field.values.join(', ')}`);
  } else {
    const types = field.types.map(atomText);
    parts.push(types.length ? types.join(' | ') : 'any');
  }
  if (field.extends.length) parts.push(`extending ${field.extends.join(' & ')}`);
  if (field.additional === 'closed') parts.push('closed to extra properties');
  const constraints = describeConstraints(field.constraints);
  if (constraints) parts.push(constraints);
  return parts.join(', ');
}

/** A field as one line: `widgetId: string (required)`. */
export function describeField(name: string, field: SchemaField): string {
  const required = field.path !== '' && !/(\[\d*\]|\{\})$/.test(field.path) ? (field.required ? ' (required)' : ' (optional)') : '';
  return `${name}: ${describeShape(field)}${required}`;
}

/**
 * Both sides of a type change, showing what differs and counting what stays:
 * `ElicitationCompleteNotification | TaskStatusNotification (+7 unchanged)`.
 */
export function describeTypeDelta(before: readonly string[], after: readonly string[]): { from: string; to: string } {
  const shared = before.filter((a) => after.includes(a));
  if (shared.length < 3) return { from: before.map(atomText).join(' | ') || 'any', to: after.map(atomText).join(' | ') || 'any' };
  const side = (list: readonly string[]) => {
    const own = list.filter((a) => !shared.includes(a)).map(atomText);
    return own.length ? `${own.join(' | ')} (+ ${shared.length} shared)` : `${shared.length} shared members`;
  };
  return { from: side(before), to: side(after) };
}
