import { describe, expect, it } from '@jest/globals';
import { WEB_APP_PATHS } from '@nexus/contract';
import { router } from '../router';

describe('the router and the server agree on the pages', () => {
  it('routes exactly the pages the server answers with 200, and everything else to the 404 page', () => {
    const paths = router.routes.flatMap((route) => route.children ?? []).map((route) => route.path);
    expect(paths.filter((path) => path !== '*').sort()).toEqual([...WEB_APP_PATHS].sort());
    expect(paths).toContain('*');
  });
});
