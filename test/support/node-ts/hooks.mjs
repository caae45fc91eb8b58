// Module hooks for TypeScript under plain Node (register.mjs): the workspace packages and jest's
// globals resolve as jest.config.js maps them, and `.ts`/`.tsx` files are compiled by swc with the
// same options the build gives tsc (legacy decorators with their metadata, ES2022, define fields).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import swc from '@swc/core';

const ROOT = new URL('../../../', import.meta.url);

/** Workspace imports that name a package's built output, read from its sources instead. */
const SOURCES = new Map([
  ['@nexus/contract', new URL('contract/src/index.ts', ROOT).href],
  ['@nexus/backend/jobs', new URL('backend/src/jobs/index.ts', ROOT).href],
]);

/** `import { jest } from '@jest/globals'`: the runner's globals, set before any test file loads. */
const JEST_GLOBALS = new URL('./jest-globals.mjs', import.meta.url).href;

const TS = /\.tsx?$/;
const STYLE = /\.css$/;

function isRelative(specifier) {
  return specifier.startsWith('./') || specifier.startsWith('../');
}

/** What a relative import may name besides itself: `x.js` for `x.ts`, and extension-less paths. */
function candidates(specifier) {
  if (specifier.endsWith('.js')) return [specifier.slice(0, -3) + '.ts', specifier.slice(0, -3) + '.tsx'];
  if (/\.[cm]?[jt]sx?$|\.json$/.test(specifier)) return [];
  return [`${specifier}.ts`, `${specifier}.tsx`, `${specifier}/index.ts`, `${specifier}.js`];
}

export async function resolve(specifier, context, next) {
  if (specifier === '@jest/globals') return { url: JEST_GLOBALS, shortCircuit: true };
  const source = SOURCES.get(specifier);
  if (source) return { url: source, shortCircuit: true };
  const deploy = /^@nexus\/deploy\/(.*)\.js$/.exec(specifier);
  if (deploy) return { url: new URL(`deploy/${deploy[1]}.ts`, ROOT).href, shortCircuit: true };
  if (!isRelative(specifier) || !context.parentURL?.startsWith('file:')) return next(specifier, context);
  try {
    return await next(specifier, context);
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND' && error?.code !== 'ERR_UNSUPPORTED_DIR_IMPORT') throw error;
    for (const candidate of candidates(specifier)) {
      try {
        return await next(candidate, context);
      } catch {
        // the next candidate
      }
    }
    throw error;
  }
}

export async function load(url, context, next) {
  // The light runner imports each test file again with a query (`spec.ts?1712…`).
  const path = url.replace(/[?#].*$/, '');
  if (STYLE.test(path)) return { format: 'module', source: 'export default {};', shortCircuit: true };
  if (path.endsWith('.json') && context.importAttributes?.type !== 'json') {
    // `resolveJsonModule`: TypeScript's JSON imports carry no `with { type: 'json' }`.
    const json = await readFile(fileURLToPath(path), 'utf8');
    return { format: 'module', source: `export default ${json};`, shortCircuit: true };
  }
  if (!TS.test(path) || path.includes('/node_modules/')) return next(url, context);
  const filename = fileURLToPath(path);
  const { code } = await swc.transform(await readFile(filename, 'utf8'), {
    filename,
    sourceMaps: 'inline',
    swcrc: false,
    configFile: false,
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: url.endsWith('.tsx') },
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        useDefineForClassFields: true,
        react: { runtime: 'automatic' },
      },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
  });
  return { format: 'module', source: code, shortCircuit: true };
}
