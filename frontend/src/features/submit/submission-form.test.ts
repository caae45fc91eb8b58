import { describe, expect, it } from '@jest/globals';
import { SUBMISSION_FORM_DEFAULTS, submissionPayload, submissionResolver } from './submission-form';

const valid = {
  ...SUBMISSION_FORM_DEFAULTS,
  contractAddress: ' 0xabcdefabcdefabcdefabcdefabcdefabcdefabcd ',
  name: ' Nexus Punks ',
};

type ResolverArgs = Parameters<typeof submissionResolver>;
const resolve = (values: typeof valid) =>
  submissionResolver(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  } as ResolverArgs[2]);

describe('submissionResolver', () => {
  it("reports the contract's messages by field", async () => {
    const result = await resolve({ ...SUBMISSION_FORM_DEFAULTS });
    expect(result.errors).toEqual({
      contractAddress: { type: 'validate', message: 'Contract address is required' },
      name: { type: 'validate', message: 'Collection name is required' },
    });
  });

  it('passes valid values through', async () => {
    const result = await resolve(valid);
    expect(result.errors).toEqual({});
    expect(result.values).toBe(valid);
  });
});

describe(submissionPayload.name, () => {
  it('trims, leaves blank optional fields out and adds the uploaded image URLs', () => {
    expect(
      submissionPayload(
        { ...valid, twitter: '  ', telegram: ' https://t.me/punks ' },
        { logoUrl: 'https://m/logo.png' },
      ),
    ).toEqual({
      contractAddress: '0xabcdefabcdefabcdefabcdefabcdefabcdefabcd',
      network: 'polygon',
      name: 'Nexus Punks',
      telegram: 'https://t.me/punks',
      logoUrl: 'https://m/logo.png',
    });
  });
});
