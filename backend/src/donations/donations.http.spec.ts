import { API_ROUTES, type DonationEntry } from '@nexus/contract';
import request from 'supertest';
import { startIsolatedApi, type IsolatedApi } from '../../../test/support/isolated-api.js';
import { NEXUS_DONATION_ADDRESSES } from '../platform/config/index.js';
import { DonationsController } from './donations.controller.js';

describe(DonationsController.name, () => {
  let isolated: IsolatedApi | null = null;

  afterEach(async () => {
    await isolated?.close();
    isolated = null;
  });

  const donations = async (env: Record<string, string> = {}) => {
    isolated = await startIsolatedApi('donations', { env });
    const res = await request(isolated.app.getHttpServer()).get(API_ROUTES.donations.path);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    return res.body as DonationEntry[];
  };

  it("answers Nexus's own EVM, Solana and Bitcoin addresses with an explorer link per network", async () => {
    const { evm, solana, bitcoin } = NEXUS_DONATION_ADDRESSES;

    expect(await donations()).toEqual([
      {
        title: 'EVM Networks',
        address: evm,
        networks: [
          { name: 'Ethereum', symbol: 'ETH', explorer: `https://etherscan.io/address/${evm}` },
          { name: 'Polygon', symbol: 'POL', explorer: `https://polygonscan.com/address/${evm}` },
          { name: 'Cronos', symbol: 'CRO', explorer: `https://explorer.cronos.org/address/${evm}` },
        ],
      },
      {
        title: 'Solana',
        address: solana,
        networks: [{ name: 'Solana', symbol: 'SOL', explorer: `https://solscan.io/account/${solana}` }],
      },
      {
        title: 'Bitcoin',
        address: bitcoin,
        networks: [{ name: 'Bitcoin', symbol: 'BTC', explorer: `https://mempool.space/address/${bitcoin}` }],
      },
    ]);
  });

  it('answers the configured addresses', async () => {
    const entries = await donations({
      DONATION_EVM_ADDRESS: '0x52908400098527886E0F7030069857D2E4169EE7',
      DONATION_SOLANA_ADDRESS: 'So11111111111111111111111111111111111111112',
      DONATION_BITCOIN_ADDRESS: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    });

    expect(entries.map((e) => e.address)).toEqual([
      '0x52908400098527886E0F7030069857D2E4169EE7',
      'So11111111111111111111111111111111111111112',
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    ]);
    expect(entries[0]!.networks[1]!.explorer).toBe(
      'https://polygonscan.com/address/0x52908400098527886E0F7030069857D2E4169EE7',
    );
    expect(entries[2]!.networks[0]!.explorer).toBe(
      'https://mempool.space/address/1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    );
  });

  it('shows in production only the addresses it configures, never the development placeholders', async () => {
    const entries = await donations({
      NODE_ENV: 'production',
      DONATION_BITCOIN_ADDRESS: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    });

    expect(entries.map((e) => [e.title, e.address])).toEqual([
      ['Bitcoin', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ]);
  });
});
