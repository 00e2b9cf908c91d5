// sandbox/ is linted with the rules for tests and tools (see ../eslint.tools.config.mjs).
export { default } from '../eslint.tools.config.mjs';
