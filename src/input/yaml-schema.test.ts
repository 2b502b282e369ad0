import { describe, expect, it } from 'vitest';
import { InputError } from '../core/errors.ts';
import { yamlSchemaAsJson } from './yaml-schema.ts';

describe('YAML schemas', () => {
  it('turns a YAML JSON Schema into the JSON it stands for, whatever the file is called', () => {
    const json = yamlSchemaAsJson('# widgets\n$defs:\n  widget:\n    type: object\n    properties: { id: { type: string } }\n', 'stdin');
    expect(JSON.parse(json!)).toEqual({ $defs: { widget: { type: 'object', properties: { id: { type: 'string' } } } } });
  });

  it('leaves pages, JSON and YAML that is no schema to the other readers', () => {
    expect(yamlSchemaAsJson('Status: Stable\n\n# Title\n\nServers MUST reply.\n', 'page.md')).toBeNull();
    expect(yamlSchemaAsJson('---\ntitle: Tools\n---\n\n# Tools\n', 'tools.mdx')).toBeNull();
    expect(yamlSchemaAsJson('{"$defs": {}}', 'schema.json')).toBeNull();
  });

  it('a .yaml file that is not a schema is an input error naming it', () => {
    expect(() => yamlSchemaAsJson('name: widgets\nversion: 2\n', 'spec/schema.yaml')).toThrow(InputError);
    expect(() => yamlSchemaAsJson('name: widgets\nversion: 2\n', 'spec/schema.yaml')).toThrow(/spec\/schema\.yaml is YAML but not a JSON Schema/);
  });
});
