import { describe, expect, it } from '@jest/globals';
import { API_ROUTES, apiPath, type WhitelistedCollection } from '@nexus/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routeKey } from '../../../../testing/fake-fetch';
import { testCollection } from '../../../../testing/test-collection';
import {
  fakeNetwork,
  renderAdmin,
  reply,
  toastTexts,
  type SentRequest,
  signedInForEachTest,
} from '../../testing/admin-test-kit';
import { WhitelistManager } from './whitelist-manager';

const moonbirds = testCollection({
  id: '7',
  contractAddress: '0x23581767a106ae21c074b2276d25e5c3e136a68b',
  name: 'Moonbirds',
  network: 'ethereum',
  description: 'Owls',
  isFeatured: true,
  bubbleCount: 20,
  animationSpeed: 'fast',
  bubbleSize: 'small',
  animationDirection: 'up',
});

function serve(list: WhitelistedCollection[] = [moonbirds]): SentRequest[] {
  return fakeNetwork((request) => {
    if (request.method === 'GET') return reply(200, list);
    if (request.method === 'DELETE') return reply(200, { success: true });
    return reply(200, { ...moonbirds, ...(request.body as object) });
  });
}

const writes = (sent: SentRequest[]) => sent.filter((request) => request.method !== 'GET');

async function openAdd() {
  const user = userEvent.setup();
  await screen.findByText('Moonbirds');
  await user.click(screen.getByRole('button', { name: '+ Add Collection' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Add Collection' }) };
}

describe(WhitelistManager.name, () => {
  signedInForEachTest();

  it('requires the contract address and the name before sending anything', async () => {
    const sent = serve();
    renderAdmin(<WhitelistManager />);
    const { user, dialog } = await openAdd();
    await user.click(within(dialog).getByRole('button', { name: 'Add Collection' }));
    expect(await within(dialog).findByText('Contract address is required')).toBeTruthy();
    expect(within(dialog).getByText('Collection name is required')).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Contract Address *'), '0x1234');
    await user.click(within(dialog).getByRole('button', { name: 'Add Collection' }));
    expect(await within(dialog).findByText('Invalid contract address format')).toBeTruthy();
    expect(writes(sent)).toHaveLength(0);
  });

  it('keeps the bubble count within 5 to 50', async () => {
    const sent = serve();
    renderAdmin(<WhitelistManager />);
    const { user, dialog } = await openAdd();
    await user.type(within(dialog).getByLabelText('Contract Address *'), `0x${'a'.repeat(40)}`);
    await user.type(within(dialog).getByLabelText('Name *'), 'Ducks');
    const bubbles = within(dialog).getByLabelText(/Bubble Count/);
    for (const wrong of ['4', '51']) {
      await user.clear(bubbles);
      await user.type(bubbles, wrong);
      await user.click(within(dialog).getByRole('button', { name: 'Add Collection' }));
      expect(
        await within(dialog).findByText('Bubble count must be a whole number from 5 to 50'),
      ).toBeTruthy();
    }
    expect(writes(sent)).toHaveLength(0);
  });

  it('adds with the SPEC defaults: polygon, 15 bubbles when blank, background URLs one per line', async () => {
    const sent = serve();
    renderAdmin(<WhitelistManager />);
    const { user, dialog } = await openAdd();
    const network = within(dialog).getByLabelText('Network') as HTMLSelectElement;
    expect(network.value).toBe('polygon');
    expect([...network.options].map((option) => option.value)).toEqual([
      'ethereum',
      'polygon',
      'cronos',
      'solana',
    ]);

    await user.type(within(dialog).getByLabelText('Contract Address *'), `0x${'b'.repeat(40)}`);
    await user.type(within(dialog).getByLabelText('Name *'), '  Ducks  ');
    await user.clear(within(dialog).getByLabelText(/Bubble Count/));
    await user.type(
      within(dialog).getByLabelText(/Background Image URLs/),
      'https://img.example/1.png{Enter}{Enter}   {Enter}https://img.example/2.png{Enter}',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add Collection' }));

    await waitFor(() => expect(toastTexts()).toContain('Collection added successfully'));
    const [post] = writes(sent);
    expect(post?.method).toBe('POST');
    expect(post?.url).toBe(API_ROUTES.addWhitelistedCollection.path);
    expect(post?.body).toMatchObject({
      contractAddress: `0x${'b'.repeat(40)}`,
      name: 'Ducks',
      network: 'polygon',
      bubbleCount: 15,
      backgroundImageUrls: ['https://img.example/1.png', 'https://img.example/2.png'],
      animationSpeed: 'medium',
      bubbleSize: 'medium',
      animationDirection: 'all',
      isFeatured: false,
      hasAnimatedBackground: false,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('edits with only the changed fields, and the next Add starts blank', async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderAdmin(<WhitelistManager />);
    await user.click(await screen.findByRole('button', { name: 'Edit Moonbirds' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Collection' });
    expect((within(dialog).getByLabelText('Network') as HTMLSelectElement).value).toBe('ethereum');
    const name = within(dialog).getByLabelText('Name *');
    await user.clear(name);
    await user.type(name, 'Moonbirds Oddities');
    await user.click(within(dialog).getByRole('button', { name: 'Update Collection' }));

    await waitFor(() => expect(toastTexts()).toContain('Collection updated successfully'));
    const [patch] = writes(sent);
    expect(patch?.method).toBe('PATCH');
    expect(patch?.url).toBe(apiPath(API_ROUTES.updateWhitelistedCollection, { id: '7' }));
    expect(patch?.body).toEqual({ name: 'Moonbirds Oddities' });

    await user.click(screen.getByRole('button', { name: '+ Add Collection' }));
    const add = screen.getByRole('dialog', { name: 'Add Collection' });
    expect((within(add).getByLabelText('Name *') as HTMLInputElement).value).toBe('');
    expect((within(add).getByLabelText(/Bubble Count/) as HTMLInputElement).value).toBe('15');
  });

  it("shows the server's reason when a save is refused", async () => {
    fakeNetwork((request) =>
      request.method === 'GET'
        ? reply(200, [moonbirds])
        : reply(409, { statusCode: 409, message: 'This collection is already whitelisted on this network' }),
    );
    renderAdmin(<WhitelistManager />);
    const { user, dialog } = await openAdd();
    await user.type(within(dialog).getByLabelText('Contract Address *'), moonbirds.contractAddress);
    await user.type(within(dialog).getByLabelText('Name *'), 'Moonbirds');
    await user.click(within(dialog).getByRole('button', { name: 'Add Collection' }));
    await waitFor(() => expect(toastTexts()).toContain('Failed to save collection'));
    expect(toastTexts()).toContain('This collection is already whitelisted on this network');
    expect(screen.getByRole('dialog', { name: 'Add Collection' })).toBeTruthy();
  });

  it('deletes after the confirmation', async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderAdmin(<WhitelistManager />);
    await user.click(await screen.findByRole('button', { name: 'Delete Moonbirds' }));
    const confirm = screen.getByRole('alertdialog', {
      name: 'Are you sure you want to delete this collection?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toastTexts()).toContain('Collection deleted successfully'));
    expect(writes(sent).map((request) => `${request.method} ${request.url}`)).toEqual([
      routeKey(API_ROUTES.deleteWhitelistedCollection, { id: '7' }),
    ]);
  });

  it('uploads a logo through /api/upload and fills its URL', async () => {
    const sent = fakeNetwork((request) =>
      request.url === API_ROUTES.upload.path
        ? reply(200, { success: true, url: '/api/media/files/logo.png' })
        : reply(200, [moonbirds]),
    );
    renderAdmin(<WhitelistManager />);
    const { user, dialog } = await openAdd();
    await user.upload(
      within(dialog).getByTestId('logo-file'),
      new File(['png'], 'logo.png', { type: 'image/png' }),
    );
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Logo URL') as HTMLInputElement).value).toBe(
        '/api/media/files/logo.png',
      ),
    );
    const upload = sent.find((request) => request.url === API_ROUTES.upload.path);
    expect((upload?.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it("reports a failed banner upload as 'Failed to upload banner'", async () => {
    fakeNetwork((request) =>
      request.url === API_ROUTES.upload.path ? reply(500, '') : reply(200, [moonbirds]),
    );
    renderAdmin(<WhitelistManager />);
    const { user, dialog } = await openAdd();
    await user.upload(
      within(dialog).getByTestId('banner-file'),
      new File(['png'], 'banner.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(toastTexts()).toContain('Failed to upload banner'));
  });

  it('filters the list by name, address or network', async () => {
    serve([
      moonbirds,
      { ...moonbirds, id: '8', name: 'Polygon Punks', network: 'polygon', isFeatured: false },
    ]);
    const user = userEvent.setup();
    renderAdmin(<WhitelistManager />);
    await screen.findByText('Moonbirds');
    await user.type(screen.getByLabelText('Search whitelisted collections'), 'polygon');
    expect(screen.getAllByTestId('whitelist-row')).toHaveLength(1);
    expect(screen.getByText('Polygon Punks')).toBeTruthy();
  });
});
