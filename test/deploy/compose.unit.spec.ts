import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { TEST_ROOT } from '../support/test-env.js';

interface Service {
  image?: string;
  build?: unknown;
  restart?: string;
  healthcheck?: { test: string[] | string };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
}

/** No Docker engine runs here: the compose file's promises are checked as data. */
describe('docker-compose.yml', () => {
  const compose = parse(readFileSync(join(TEST_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, Service>;
    volumes: Record<string, unknown>;
  };
  const services = Object.entries(compose.services);

  it('restarts every service and checks the health of each, the API and the workers included', () => {
    expect(services.map(([name]) => name).sort()).toEqual([
      'backend',
      'lb',
      'minio',
      'postgres',
      'redis',
      'workers',
    ]);
    for (const [name, service] of services) {
      expect([name, service.restart]).toEqual([name, 'unless-stopped']);
      expect([name, service.healthcheck?.test]).toEqual([name, expect.anything()]);
    }
    expect(String(compose.services.backend!.healthcheck!.test)).toContain('/api/health/ready');
    expect(compose.services.workers!.healthcheck!.test).toEqual(['CMD', 'node', 'workers/dist/health.js']);
  });

  it('starts each service once what it depends on is healthy', () => {
    for (const [, service] of services) {
      for (const dependency of Object.values(service.depends_on ?? {}))
        expect(dependency.condition).toBe('service_healthy');
    }
    expect(Object.keys(compose.services.workers!.depends_on!)).toContain('backend');
  });

  it('pins every image to a version and keeps Redis on a volume', () => {
    for (const [name, service] of services) {
      if (!service.image || service.build) continue;
      expect([name, service.image]).toEqual([name, expect.stringMatching(/:[^:]*\d[^:]*$/)]);
      expect(service.image).not.toMatch(/:latest$/);
    }
    expect(compose.services.redis!.volumes).toEqual(['redisdata:/data']);
    expect(compose.volumes).toHaveProperty('redisdata');
    const dockerfile = readFileSync(join(TEST_ROOT, 'deploy/Dockerfile'), 'utf8');
    for (const [, image] of dockerfile.matchAll(/^FROM (\S+)/gm)) expect(image).toMatch(/:\d+\.\d+\.\d+-/);
  });

  it('keeps secrets, local state, dependencies and host builds out of the image', () => {
    const ignored = readFileSync(join(TEST_ROOT, '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['.env', '.nexus', '**/node_modules', '.git', '**/dist'])
      expect(ignored).toContain(entry);
  });
});
