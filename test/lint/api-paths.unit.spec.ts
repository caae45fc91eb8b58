import { virtualLint, type VirtualLint } from '../support/virtual-lint.js';

/**
 * One typed HTTP API (eslint.config.js): the web app's code takes every `/api/` path from the
 * contract's route table. These files are linted as if they stood where the path says.
 */
describe('API paths only from the route table (eslint.config.js)', () => {
  let lint: VirtualLint;

  beforeAll(() => {
    lint = virtualLint();
  });

  it('fails a feature that writes an API path as a string', async () => {
    const messages = await lint(
      'frontend/src/features/example/api/example.ts',
      "export const path = '/api/nfts';\n",
    );
    expect(messages.map((m) => m.ruleId)).toEqual(['no-restricted-syntax']);
    expect(messages[0]!.message).toContain('route table of @nexus/contract');
  });

  it('fails one that builds it in a template, and one in a component', async () => {
    const template = await lint(
      'frontend/src/features/example/api/example.ts',
      'export const path = (id: string) => `/api/collection-votes/${id}/check`;\n',
    );
    const component = await lint(
      'frontend/src/features/example/components/example.tsx',
      "export const key = ['/api/locate-collection', 'x'];\n",
    );
    expect(template.map((m) => m.ruleId)).toEqual(['no-restricted-syntax']);
    expect(component.map((m) => m.ruleId)).toEqual(['no-restricted-syntax']);
  });

  it('lets a feature name the route from the table, and a test spell the URL it expects', async () => {
    const table = await lint(
      'frontend/src/features/example/api/example.ts',
      "import { API_ROUTES } from '@nexus/contract';\nexport const key = [API_ROUTES.networks.path];\n",
    );
    const test = await lint(
      'frontend/src/features/example/components/example.test.tsx',
      "export const expected = '/api/nfts';\n",
    );
    expect(table).toEqual([]);
    expect(test).toEqual([]);
  });
});
