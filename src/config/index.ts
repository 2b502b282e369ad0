export { acknowledgedIds, CONFIG_FILE, configIn, configSearchDirs, loadSpecConfig, parseSpecConfig, type LoadedConfig, type SpecConfig } from './spec-config.ts';
