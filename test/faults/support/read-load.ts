/** Visitors' reads at a steady rate, each answer timed: the load a fault scenario breaks things under. */

export interface ReadSample {
  /** Time the request was sent (ms since the epoch). */
  at: number;
  route: string;
  status: number;
  ms: number;
  /** `cacheSource` of a POST /api/nfts answer. */
  source?: string;
}

export interface ReadRoute {
  name: string;
  path: string;
  /** A JSON body: sent as POST. */
  body?: object;
}

/** `clients` loops, each sending the routes in turn, until `stop()`; answers every sample. */
export function readLoad(
  baseUrl: string,
  routes: readonly ReadRoute[],
  clients: number,
): { stop(): Promise<ReadSample[]> } {
  const samples: ReadSample[] = [];
  let running = true;
  const loop = async (offset: number) => {
    for (let i = offset; running; i++) {
      const route = routes[i % routes.length]!;
      const at = Date.now();
      let status: number;
      let source: string | undefined;
      try {
        const res = await fetch(`${baseUrl}${route.path}`, {
          method: route.body ? 'POST' : 'GET',
          headers: route.body ? { 'content-type': 'application/json' } : {},
          body: route.body ? JSON.stringify(route.body) : undefined,
          signal: AbortSignal.timeout(30_000),
        });
        status = res.status;
        const text = await res.text();
        if (route.body && status === 200) source = (JSON.parse(text) as { cacheSource?: string }).cacheSource;
      } catch {
        status = 0;
      }
      samples.push({ at, route: route.name, status, ms: Date.now() - at, source });
    }
  };
  const loops = Array.from({ length: clients }, (_, i) => loop(i));
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return samples.sort((a, b) => a.at - b.at);
    },
  };
}
