import { EntityManager } from '@mikro-orm/postgresql';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { CollectionSubmission, SubmissionCreatedResponse, WhitelistedCollection } from '@nexus/contract';
import request from 'supertest';
import { adminCookie } from '../../../../test/support/admin-session.js';
import { startIsolatedApi, type IsolatedApi } from '../../../../test/support/isolated-api.js';
import {
  deployTestCollection,
  testChainEnv,
  type TestChainNetwork,
} from '../../../../test/support/test-collections.js';
import { TEST_MANIFEST } from '../../../../test/support/test-env.js';

/**
 * For the describe block it is called in: an isolated API on database `database` reading the test
 * chains, with an admin session, closed after the tests; and the calls its submission specs make.
 */
export function useSubmissionsApi(database: string) {
  let isolated: IsolatedApi;
  let sut: NestExpressApplication;
  let cookie: string;
  /** A collection contract no other test uses, deployed on the test chain. */
  const contract = (network: TestChainNetwork = 'polygon') => deployTestCollection(network);
  let nextIp = 1;
  const ip = () => `10.0.${(nextIp >> 8) & 255}.${nextIp++ & 255}`;

  beforeAll(async () => {
    isolated = await startIsolatedApi(database, {
      // Every submission here comes from one address, far more than a visitor's hourly budget.
      manifest: TEST_MANIFEST,
      env: { TRUST_PROXY: 'loopback', RATE_LIMIT_SUBMISSION: '1000/3600', ...testChainEnv() },
    });
    sut = isolated.app;
    cookie = await adminCookie(sut.getHttpServer());
  });

  afterAll(async () => {
    await isolated?.close();
  });

  const http = () => request(sut.getHttpServer());
  const admin = () => request.agent(sut.getHttpServer()).set('Cookie', cookie);
  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
    sut.get(EntityManager).fork().getConnection().execute<T[]>(query, params);
  const count = async (table: string) =>
    (await sql<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;

  const submit = async (fields: Record<string, unknown> = {}): Promise<CollectionSubmission> => {
    const network = (fields.network as TestChainNetwork | undefined) ?? 'polygon';
    const res = await http()
      .post('/api/collection-submissions')
      .send({ contractAddress: await contract(network), network, name: 'Submitted', ...fields });
    expect(res.status).toBe(201);
    return (res.body as SubmissionCreatedResponse).submission;
  };
  /** Real votes, each from its own browser and address. */
  const votes = async (id: string, yes: number, no: number) => {
    const all = [...Array<'yes'>(yes).fill('yes'), ...Array<'no'>(no).fill('no')];
    const answers = await Promise.all(
      all.map((voteType, i) =>
        http()
          .post('/api/collection-votes')
          .set('X-Forwarded-For', ip())
          .send({ submissionId: id, voteType, voterFingerprint: `v${id}x${i}` }),
      ),
    );
    expect(answers.every((r) => r.status === 201)).toBe(true);
  };
  /** Time passes: the voting window of `id` ended a minute ago. */
  const endVoting = (id: string) =>
    sql(`update collection_submission set voting_ends_at = now() - interval '1 minute' where id = ?`, [id]);
  const whitelist = async () => {
    const res = await http().get('/api/whitelisted-collections');
    expect(res.status).toBe(200);
    return res.body as WhitelistedCollection[];
  };
  const patch = (id: string, body: Record<string, unknown>) =>
    admin().patch(`/api/admin/collection-submissions/${id}`).send(body);

  return { contract, http, admin, sql, count, submit, votes, endVoting, whitelist, patch };
}
