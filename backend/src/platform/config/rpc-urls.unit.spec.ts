import { loadConfig } from './app-config.js';
import { parseRpcUrls } from './rpc-urls.js';

describe(parseRpcUrls.name, () => {
  it('reads one URL, or several separated by commas (spaces around them allowed)', () => {
    expect(parseRpcUrls('ETHEREUM_RPC_URL', 'https://eth.llamarpc.com')).toEqual({
      urls: ['https://eth.llamarpc.com'],
      problems: [],
    });
    expect(
      parseRpcUrls(
        'ETHEREUM_RPC_URL',
        'https://ethereum-rpc.publicnode.com, https://eth.llamarpc.com,http://127.0.0.1:8545',
      ),
    ).toEqual({
      urls: ['https://ethereum-rpc.publicnode.com', 'https://eth.llamarpc.com', 'http://127.0.0.1:8545'],
      problems: [],
    });
  });

  it('names a bad entry and where it is, with any key in it redacted', () => {
    const { problems } = parseRpcUrls(
      'POLYGON_RPC_URL',
      'https://polygon-rpc.com,not a url,ftp://node.example,https://polygon-mainnet.g.alchemy.com:99999/v2/aB3dE5fG7hI9jK1lM3nO5pQ7',
    );
    expect(problems).toEqual([
      'POLYGON_RPC_URL is not a valid URL (entry 2) (got "not a url")',
      'POLYGON_RPC_URL must be a http: or https: URL (entry 3) (got "ftp://node.example")',
      'POLYGON_RPC_URL is not a valid URL (entry 4) (got "https://polygon-mainnet.g.alchemy.com:99999/v2/[redacted]")',
    ]);
    expect(problems.join('\n')).not.toContain('aB3dE5fG7hI9jK1lM3nO5pQ7');
  });

  it('refuses a URL given twice, spelt alike or not', () => {
    expect(
      parseRpcUrls('CRONOS_RPC_URL', 'https://evm.cronos.org,https://EVM.cronos.org:443/').problems,
    ).toEqual(['CRONOS_RPC_URL lists https://EVM.cronos.org:443/ twice']);
  });

  it('refuses empty entries and an empty list', () => {
    expect(
      parseRpcUrls('CRONOS_RPC_URL', 'https://evm.cronos.org,,https://cronos-evm-rpc.publicnode.com')
        .problems,
    ).toEqual(['CRONOS_RPC_URL has an empty entry (entry 2): separate URLs with single commas']);
    expect(parseRpcUrls('CRONOS_RPC_URL', ' , ').problems).toEqual(['CRONOS_RPC_URL lists no URL']);
  });

  it('gives loadConfig every URL of a network, and its problems', () => {
    const chains = {
      ETHEREUM_RPC_URL: 'http://127.0.0.1:8545,http://127.0.0.1:9545',
      POLYGON_RPC_URL: 'http://127.0.0.1:8546',
      CRONOS_RPC_URL: 'http://127.0.0.1:8547',
      DEVCHAIN_MANIFEST: '/nonexistent/devchain.json',
    };
    const sut = loadConfig(chains);
    expect(sut.chains.ethereum).toMatchObject({
      chainId: 1,
      rpcUrl: 'http://127.0.0.1:8545',
      rpcUrls: ['http://127.0.0.1:8545', 'http://127.0.0.1:9545'],
    });
    expect(sut.chains.polygon.rpcUrls).toEqual(['http://127.0.0.1:8546']);
    expect(() =>
      loadConfig({ ...chains, ETHEREUM_RPC_URL: 'http://127.0.0.1:8545,http://127.0.0.1:8545' }),
    ).toThrow('ETHEREUM_RPC_URL lists http://127.0.0.1:8545 twice');
  });
});
