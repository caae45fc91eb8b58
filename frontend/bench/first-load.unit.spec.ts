import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeWith, type Requirement } from '../../test/support/requirements.js';
import { TEST_ROOT } from '../../test/support/test-env.js';
import { FIRST_LOAD_BUDGET_BYTES, firstLoad } from './first-load.js';

const DIST = join(TEST_ROOT, 'frontend', 'dist');
const BUILT: Requirement = {
  what: 'the built web app',
  present: () => existsSync(join(DIST, 'index.html')),
  hint: `no ${join(DIST, 'index.html')}; npm run build -w frontend (npm test builds it)`,
};

describeWith([BUILT])("a visitor's first load", () => {
  const load = firstLoad(DIST);
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

  it(`stays under ${kb(FIRST_LOAD_BUDGET_BYTES)} gzip, scripts and stylesheets together`, () => {
    // The files in the failure message: which one grew.
    const sizes = Object.fromEntries(load.files.map((file) => [file.file, kb(file.gzip)]));
    expect({ total: load.total < FIRST_LOAD_BUDGET_BYTES, sizes }).toEqual({ total: true, sizes });
  });

  it('counts the entry script, React and the stylesheet, and not the socket client', () => {
    const names = load.files.map((file) => file.file);
    expect(names.some((name) => /\/index-[^/]+\.js$/.test(name))).toBe(true);
    expect(names.some((name) => /\/react-[^/]+\.js$/.test(name))).toBe(true);
    expect(load.css).toBeGreaterThan(0);
    // Socket.IO comes with the views that need a socket; engine.io's handshake names its protocol (EIO).
    const withSocket = load.files.filter(
      (file) => file.kind === 'js' && /\bEIO=\d/.test(readFileSync(join(DIST, file.file)).toString()),
    );
    expect(withSocket).toEqual([]);
  });
});
