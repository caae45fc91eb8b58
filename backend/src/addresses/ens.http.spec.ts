import type { NestExpressApplication } from '@nestjs/platform-express';
import type { WalletProfileResponse } from '@nexus/contract';
import { readFileSync } from 'node:fs';
import request from 'supertest';
import type { DevchainManifest } from '../../../deploy/devchain/src/manifest.js';
import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';
import { describeWith, TEST_CHAIN } from '../../../test/support/requirements.js';
import { TEST_MANIFEST } from '../../../test/support/test-env.js';
import { ConnectionRefusalsRepository } from '../platform/connections/index.js';
import { ENS_GATEWAY_FAILED } from './address-kind.js';

const maybe = describeWith([TEST_CHAIN]);

/**
 * ENS as on mainnet against the test chain's ENS: offchain names through the CCIP-Read gateway,
 * wildcard subnames, ENSIP-15 refusals as 400s, and the wallet header's primary name and avatar.
 */
maybe('ENS names', () => {
  let isolated: IsolatedApi;
  let sut: NestExpressApplication;
  let ens: NonNullable<DevchainManifest['ens']>;
  let nextIp = 1;
  const ip = () => `198.51.100.${nextIp++}`;

  beforeAll(async () => {
    const manifest = JSON.parse(readFileSync(TEST_MANIFEST, 'utf8')) as DevchainManifest;
    if (!manifest.ens) throw new Error('the test chain has no ENS');
    ens = manifest.ens;
    isolated = await startIsolatedApi('ens', {
      manifest: TEST_MANIFEST,
      // The dev chains of the manifest, as a developer runs them.
      env: { TRUST_PROXY: 'loopback', ETHEREUM_RPC_URL: '', POLYGON_RPC_URL: '', CRONOS_RPC_URL: '' },
    });
    sut = isolated.app;
  });

  afterAll(async () => {
    await isolated?.close();
  });

  const validate = (address: string) =>
    request(sut.getHttpServer()).post('/api/validate-address').set('X-Forwarded-For', ip()).send({ address });
  const profile = (address: string) =>
    request(sut.getHttpServer()).get(`/api/wallet-profile/${address}`).set('X-Forwarded-For', ip());

  it('resolves names on an offchain resolver through its gateway (CCIP-Read)', async () => {
    for (const { name, address } of ens.offchainNames) {
      const answer = await validate(name).expect(200);
      expect(answer.body).toEqual({ valid: true, kind: 'ens', address });
    }
    expect((await validate('nobody.offchain.eth').expect(200)).body).toEqual({
      valid: false,
      kind: 'ens',
      address: null,
    });
  });

  it('resolves wildcard subnames (ENSIP-10), nested ones included', async () => {
    for (const { name, address } of ens.wildcardNames) {
      expect((await validate(name).expect(200)).body.address).toBe(address);
    }
  });

  it('normalises names as ENSIP-15 does: case folded', async () => {
    const demo = ens.names.find((entry) => entry.name === 'demo.eth')!;
    expect((await validate('Demo.ETH').expect(200)).body.address).toBe(demo.address);
    expect((await validate('ALICE.offchain.eth').expect(200)).body.address).toBe(
      ens.offchainNames[0]!.address,
    );
  });

  it.each([
    ['bad_name.eth', 'Invalid ENS name: label "bad_name": underscore allowed only at start'],
    ['a..eth', 'Invalid ENS name: label "": empty label'],
    [
      'p\u0430ypal.eth',
      'Invalid ENS name: label "p\u0430ypal": illegal mixture: Latin + Cyrillic "\u0430" (U+0430)',
    ],
    ['\u0430.eth', 'Invalid ENS name: label "\u0430": whole-script confusable: Cyrillic/Latin'],
    ['xn--ls8h.eth', 'Invalid ENS name: label "xn--ls8h": invalid label extension: "xn--"'],
  ])('refuses %s with a 400 saying why', async (name, message) => {
    const answer = await validate(name).expect(400);
    expect(answer.body.message).toBe(message);
    const scan = await request(sut.getHttpServer())
      .post('/api/nfts')
      .set('X-Forwarded-For', ip())
      .send({ address: name, network: 'ethereum', searchType: 'wallet' })
      .expect(400);
    expect(scan.body.message).toBe(message);
  });

  it("answers a wallet's primary name and its NFT avatar through our image route", async () => {
    const demo = ens.primaryNames.find((record) => record.name === 'demo.eth' && record.verified)!;
    const avatar = ens.avatars.find((record) => record.name === 'demo.eth')!;
    expect(avatar.record).toMatch(/^eip155:1\/erc721:/);
    const answer = await profile(demo.address.toUpperCase().replace('0X', '0x')).expect(200);
    expect(answer.body).toEqual<WalletProfileResponse>({
      address: demo.address,
      ensName: 'demo.eth',
      ensAvatar: `/api/media/image?src=${encodeURIComponent(avatar.image)}`,
    });
    const image = await request(sut.getHttpServer())
      .get(answer.body.ensAvatar as string)
      .expect(200);
    expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('answers an avatar URL record through our image route too', async () => {
    const avatar = ens.avatars.find((record) => !record.record.startsWith('eip155:'))!;
    const owner = ens.primaryNames.find((record) => record.name === avatar.name)!;
    expect((await profile(owner.address).expect(200)).body).toEqual({
      address: owner.address,
      ensName: avatar.name,
      ensAvatar: `/api/media/image?src=${encodeURIComponent(avatar.record)}`,
    });
  });

  it('shows no primary name that fails the forward check, and none for a wallet without one', async () => {
    const claimed = ens.primaryNames.find((record) => !record.verified)!;
    expect((await profile(claimed.address).expect(200)).body).toEqual({
      address: claimed.address,
      ensName: null,
      ensAvatar: null,
    });
    const nobody = `0x${'12'.repeat(20)}`;
    expect((await profile(nobody).expect(200)).body).toEqual({
      address: nobody,
      ensName: null,
      ensAvatar: null,
    });
    expect((await profile('demo.eth').expect(400)).body.message).toBe(
      'address must be 0x followed by 40 hex characters',
    );
  });

  describe('with a gateway on a private address not allowed', () => {
    let guarded: IsolatedApi;

    beforeAll(async () => {
      const manifest = JSON.parse(readFileSync(TEST_MANIFEST, 'utf8')) as DevchainManifest;
      // Nodes named explicitly: the dev world's gateway is not trusted, as in production.
      guarded = await startIsolatedApi('ens-ssrf', {
        manifest: TEST_MANIFEST,
        env: {
          ETHEREUM_RPC_URL: manifest.networks.ethereum.rpcUrl,
          ENS_UNIVERSAL_RESOLVER: ens.universalResolver,
          METADATA_ALLOWED_HOSTS: '',
          // The dev gateway serves IPFS too: named as one, its host would be allowed.
          IPFS_GATEWAYS: 'https://ipfs.io/ipfs/',
        },
      });
    });

    afterAll(async () => {
      await guarded?.close();
    });

    it('refuses the gateway URL (SSRF guard), counts the refusal and answers 502', async () => {
      const refusals = guarded.app.get(ConnectionRefusalsRepository);
      const before = (await refusals.counts()).privateAddress;
      const answer = await request(guarded.app.getHttpServer())
        .post('/api/validate-address')
        .send({ address: ens.offchainNames[0]!.name })
        .expect(502);
      expect(answer.body.message).toBe(ENS_GATEWAY_FAILED);
      expect((await refusals.counts()).privateAddress).toBeGreaterThan(before);
      // Onchain names are unaffected.
      const demo = ens.names[0]!;
      const onchain = await request(guarded.app.getHttpServer())
        .post('/api/validate-address')
        .send({ address: demo.name })
        .expect(200);
      expect(onchain.body.address).toBe(demo.address);
    });
  });
});
