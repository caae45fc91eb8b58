// Loads the repository's TypeScript under plain Node, as the unit tier runs it (jest-light-runner:
// one module graph per worker, kept from file to file, instead of one per file in jest's VM).
// Preloaded with `node --import`; the hooks run on Node's loader thread (hooks.mjs).
import { register } from 'node:module';

process.setSourceMapsEnabled(true);
register('./hooks.mjs', import.meta.url);
