import { describe, expect, it } from 'vitest';
import { cellNames, errorCodeColumns, fieldColumns } from './field-tables.ts';
import type { TableRow } from './markdown.ts';

const rows = (...cells: string[][]): TableRow[] => cells.map((c, i) => ({ cells: c, spans: c.map(() => []), line: i + 3 }));
/** One cell as inline text renders it: code spans in backticks (and collected), `<br>` dropped. */
const cell = (text: string): TableRow => ({ cells: [text], spans: [[...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)], line: 3 });

describe('field tables by structure', () => {
  it('reads any name header with a type and a description column (a few names may be phrases)', () => {
    expect(fieldColumns(['etw field', 'type', 'description', 'maps to'], rows(['TimeStamp', 'Timestamp', 'When the event happened, in ns.', 'Timestamp'], ['Level', 'uint8', 'Event severity or verbosity level.', 'Severity'], ['ProviderId', 'GUID', 'Provider GUID as a hyphenated hex string.', 'Attributes'], ['EventId', 'uint16', 'Event identifier from the descriptor.', 'Attributes'], ['Event name', 'string', 'The TraceLogging event name.', 'EventName'])))
      .toMatchObject({ name: 0, type: 1, description: 2 });
  });

  it('without a name header, needs a column of identifiers and a type column', () => {
    expect(fieldColumns(['', 'type', 'notes'], rows(['maxSize', 'integer', 'The largest request accepted.'])))?.toMatchObject({ name: 0, type: 1 });
    // A table of values (log levels) has identifiers and descriptions but is no field list.
    expect(fieldColumns(['level', 'description'], rows(['debug', 'Detailed debugging information'], ['info', 'General informational messages']))).toBeNull();
  });

  it('a name header over values that are no names is not a field list', () => {
    expect(fieldColumns(['literal value', 'variables', 'coercion result'], rows(['{ a: "abc" }', '{ var: { a: 1 } }', 'Error']))).toBeNull();
  });

  it('a Code column of integers is a table of error codes', () => {
    expect(errorCodeColumns(['code', 'name', 'meaning'], rows(['40', 'RecordTooLarge', 'Over the size limit.']))).toEqual({ code: 0, name: 1 });
    expect(errorCodeColumns(['field name', 'type'], rows(['code', 'integer']))).toBeNull();
  });

  it('a key cell that lists several keys names each of them', () => {
    expect(cellNames(cell('`lowWater`, `highWater`, and `spill`'), 0)).toEqual(['lowWater', 'highWater', 'spill']);
    expect(cellNames(cell('`region``zone`'), 0)).toEqual(['region', 'zone']);
    expect(cellNames(cell('`region` / `zone`'), 0)).toEqual(['region', 'zone']);
    expect(cellNames(cell('lowWater, highWater or spill'), 0)).toEqual(['lowWater', 'highWater', 'spill']);
  });

  it('a key cell that says more than a list names one key', () => {
    expect(cellNames(cell('`legacyMode` (kept for `v1` readers)'), 0)).toEqual(['legacyMode']);
    expect(cellNames(cell('`false` or absent'), 0)).toEqual(['false']);
    expect(cellNames(cell('Event name'), 0)).toEqual(['Event name']);
    expect(cellNames(cell('vendor/key'), 0)).toEqual(['vendor/key']);
    expect(cellNames(cell(''), 0)).toEqual([]);
  });
});
