export { acknowledgedIds, parseSpecConfig, type SpecConfig, type SpecEntry } from './spec-config.ts';
export { configSearchOrder, loadSpecConfig } from './find.ts';
export { specsOf } from './specs.ts';
