export { acknowledgedIds, CONFIG_FILE, configSearchDirs, loadSpecConfig, parseSpecConfig, type LoadedConfig, type SpecConfig } from './spec-config.ts';
