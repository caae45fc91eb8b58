import { afterEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_ROUTES, type CollectionSubmission } from '@nexus/contract';
import {
  deferredReply,
  findToast,
  renderInApp,
  resetApp,
  stubFetch,
  type FetchCall,
} from '../../../testing/app-harness';
import { routeKey } from '../../../testing/fake-fetch';
import { SubmitCollectionPage } from './submit-collection-page';

const ADDRESS = '0xabcdefabcdefabcdefabcdefabcdefabcdefabcd';
const SUBMIT = routeKey(API_ROUTES.createSubmission);
const UPLOAD = routeKey(API_ROUTES.uploadSubmissionImages);

function image(name: string, type = 'image/png', size?: number): File {
  const file = new File([new Uint8Array([137, 80, 78, 71])], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

function created(id: string) {
  return {
    status: 201,
    body: { success: true, submissionId: id, submission: { id } as CollectionSubmission },
  };
}

const submitButton = () =>
  screen.getByRole('button', {
    name: /Submit for Community Voting|Uploading Assets\.\.\.|Submitting\.\.\./,
  }) as HTMLButtonElement;

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Contract Address/), ADDRESS);
  await user.type(screen.getByLabelText(/Collection Name/), 'Nexus Punks');
}

afterEach(resetApp);

describe(SubmitCollectionPage.name, () => {
  it('shows the SPEC §5 messages under their fields and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch({});
    renderInApp(<SubmitCollectionPage />, { route: '/submit-collection' });

    for (const section of [
      'Collection Information',
      'Collection Assets',
      'Social Links',
      'Contact Information',
      'Want to be Featured?',
    ]) {
      expect(screen.getByRole('heading', { name: section })).toBeTruthy();
    }
    const network = screen.getByLabelText(/Network/) as HTMLSelectElement;
    expect(network.value).toBe('polygon');
    expect([...network.options].map((option) => option.value)).toEqual(['ethereum', 'polygon', 'cronos']);

    await user.click(submitButton());
    const contract = screen.getByLabelText(/Contract Address/);
    await waitFor(() => expect(contract.getAttribute('aria-invalid')).toBe('true'));
    const contractError = screen.getByText('Contract address is required');
    expect(contract.getAttribute('aria-describedby')).toContain(contractError.id);
    const name = screen.getByLabelText(/Collection Name/);
    expect(name.getAttribute('aria-describedby')).toContain(
      screen.getByText('Collection name is required').id,
    );
    // The first field in error takes the focus.
    expect(document.activeElement).toBe(contract);

    await user.type(contract, '0x1234');
    await screen.findByText('Invalid contract address format');
    await user.type(name, 'x'.repeat(101));
    await screen.findByText('Name too long');
    await user.click(submitButton());
    expect(calls).toHaveLength(0);
  });

  it('refuses a file that is not an image, or one above 10 MB, with the SPEC toasts', async () => {
    const user = userEvent.setup({ applyAccept: false });
    stubFetch({});
    renderInApp(<SubmitCollectionPage />, { route: '/submit-collection' });

    await user.upload(screen.getByLabelText(/Banner Image/), image('notes.txt', 'text/plain'));
    const invalid = await findToast('Invalid File');
    expect(within(invalid).getByText('Please select an image file (PNG, JPG, GIF, WebP)')).toBeTruthy();

    await user.upload(
      screen.getByLabelText(/Logo Image/),
      image('huge.png', 'image/png', 10 * 1024 * 1024 + 1),
    );
    const tooLarge = await findToast('File Too Large');
    expect(within(tooLarge).getByText('Please select an image smaller than 10MB')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();

    // Exactly 10 MB is allowed; the preview and Remove appear, Remove brings the picker back.
    await user.upload(screen.getByLabelText(/Logo Image/), image('logo.png', 'image/png', 10 * 1024 * 1024));
    expect(await screen.findByRole('img', { name: 'Logo Image preview' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove logo image' }));
    expect(screen.queryByRole('img', { name: 'Logo Image preview' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText(/Logo Image/));
  });

  it('uploads the chosen images first, then submits with their URLs, then shows the success screen', async () => {
    const user = userEvent.setup();
    const upload = deferredReply();
    const submit = deferredReply();
    const { calls } = stubFetch({ [UPLOAD]: () => upload.promise, [SUBMIT]: () => submit.promise });
    renderInApp(<SubmitCollectionPage />, { route: '/submit-collection' });

    await fillRequired(user);
    await user.selectOptions(screen.getByLabelText(/Network/), 'cronos');
    await user.type(screen.getByLabelText('Website'), 'https://punks.example');
    await user.type(screen.getByLabelText('Discord/Telegram Handle'), '@punk');
    await user.upload(screen.getByLabelText(/Banner Image/), image('banner.png'));
    await screen.findByRole('img', { name: 'Banner Image preview' });

    await user.click(submitButton());
    await waitFor(() => expect(submitButton().textContent).toBe('Uploading Assets...'));
    expect(submitButton().disabled).toBe(true);
    const uploadCall = calls[0] as FetchCall;
    expect(uploadCall.path).toBe(API_ROUTES.uploadSubmissionImages.path);
    const form = uploadCall.body as FormData;
    expect((form.get('banner') as File).name).toBe('banner.png');
    expect(form.has('logo')).toBe(false);

    upload.resolve({ body: { success: true, files: { banner: 'https://media.example/banner-1.png' } } });
    await waitFor(() => expect(submitButton().textContent).toBe('Submitting...'));
    expect(submitButton().disabled).toBe(true);
    expect(calls[1]?.body).toEqual({
      contractAddress: ADDRESS,
      network: 'cronos',
      name: 'Nexus Punks',
      website: 'https://punks.example',
      submitterContact: '@punk',
      bannerUrl: 'https://media.example/banner-1.png',
    });

    submit.resolve(created('sub-42'));
    const heading = await screen.findByRole('heading', { name: 'Collection Submitted Successfully!' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByTestId('submission-id').textContent).toBe('sub-42');
    expect(screen.getByRole('heading', { name: 'What happens next?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Voting' }).getAttribute('href')).toBe('/vote');
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    const toast = await findToast('Collection Submitted!');
    expect(within(toast).getByText('Your collection has been submitted for community voting.')).toBeTruthy();
  });

  it('submits straight away when no image was chosen', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch({ [SUBMIT]: created('sub-1') });
    renderInApp(<SubmitCollectionPage />, { route: '/submit-collection' });

    await fillRequired(user);
    await user.click(submitButton());
    await screen.findByRole('heading', { name: 'Collection Submitted Successfully!' });
    expect(calls.map((call) => call.path)).toEqual([API_ROUTES.createSubmission.path]);
    expect(calls[0]?.body).toEqual({ contractAddress: ADDRESS, network: 'polygon', name: 'Nexus Punks' });
  });

  it("answers a duplicate with 'Already Submitted' and keeps the form", async () => {
    const user = userEvent.setup();
    stubFetch({
      [SUBMIT]: {
        status: 409,
        body: {
          statusCode: 409,
          message: 'This collection has already been submitted for this network',
          error: 'Conflict',
        },
      },
    });
    renderInApp(<SubmitCollectionPage />, { route: '/submit-collection' });

    await fillRequired(user);
    await user.click(submitButton());
    const toast = await findToast('Already Submitted');
    expect(
      within(toast).getByText('This collection has already been submitted for this network'),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Collection Submitted Successfully!' })).toBeNull();
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(submitButton().textContent).toBe('Submit for Community Voting');
  });

  it.each([
    [
      400,
      'Validation failed: name must be shorter',
      'Validation Error',
      'Validation failed: name must be shorter',
    ],
    [
      503,
      'Database unavailable',
      'Connection Error',
      'Database connection failed. Please check your internet connection and try again',
    ],
    [
      401,
      'Unauthorized',
      'Session Expired',
      'Your session has expired. Please refresh the page and try again',
    ],
    [
      502,
      'Bad gateway from server',
      'Server Error',
      'Server error occurred. Please try again in a few moments',
    ],
    [429, 'Too many submissions, wait a minute', 'Submission Failed', 'Too many submissions, wait a minute'],
  ])(
    'answers a %i "%s" with the SPEC §8 toast %s and keeps the form',
    async (status, message, title, description) => {
      const user = userEvent.setup();
      stubFetch({ [SUBMIT]: { status, body: { statusCode: status, message } } });
      renderInApp(<SubmitCollectionPage />, { route: '/submit-collection' });
      await fillRequired(user);
      await user.click(submitButton());
      const toast = await findToast(title);
      expect(within(toast).getByText(description)).toBeTruthy();
      await waitFor(() => expect(submitButton().disabled).toBe(false));
      expect(screen.queryByRole('heading', { name: 'Collection Submitted Successfully!' })).toBeNull();
      expect((screen.getByLabelText(/Collection Name/) as HTMLInputElement).value).toBe('Nexus Punks');
    },
  );

  it("stops at 'Upload failed' when the images cannot be stored, and sends them once on a retry", async () => {
    const user = userEvent.setup();
    let uploadUp = true;
    let submitUp = false;
    const { calls } = stubFetch({
      [UPLOAD]: () =>
        uploadUp
          ? { body: { success: true, files: { logo: 'https://media.example/logo.png' } } }
          : { status: 500, body: { statusCode: 500, message: 'Internal server error' } },
      [SUBMIT]: () =>
        submitUp
          ? created('sub-7')
          : { status: 500, body: { statusCode: 500, message: 'Internal server error' } },
    });
    renderInApp(<SubmitCollectionPage />, { route: '/submit-collection' });
    await fillRequired(user);
    await user.upload(screen.getByLabelText(/Logo Image/), image('logo.png'));

    uploadUp = false;
    await user.click(submitButton());
    await findToast('Upload failed');
    expect(calls.map((call) => call.path)).toEqual([API_ROUTES.uploadSubmissionImages.path]);

    uploadUp = true;
    await user.click(submitButton());
    const serverError = await findToast('Server Error');
    expect(
      within(serverError).getByText('Server error occurred. Please try again in a few moments'),
    ).toBeTruthy();

    submitUp = true;
    await user.click(submitButton());
    await screen.findByRole('heading', { name: 'Collection Submitted Successfully!' });
    expect(calls.map((call) => call.path)).toEqual([
      API_ROUTES.uploadSubmissionImages.path,
      API_ROUTES.uploadSubmissionImages.path,
      API_ROUTES.createSubmission.path,
      API_ROUTES.createSubmission.path,
    ]);
    expect((calls[3]?.body as { logoUrl?: string }).logoUrl).toBe('https://media.example/logo.png');
  });
});
