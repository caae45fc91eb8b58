import { describe, expect, it } from '@jest/globals';
import { imageFileProblem } from './image-file';

const MB = 1024 * 1024;

describe(imageFileProblem.name, () => {
  it('accepts any image type up to 10 MB', () => {
    expect(imageFileProblem({ type: 'image/png', size: 10 * MB })).toBeNull();
    expect(imageFileProblem({ type: 'image/webp', size: 1 })).toBeNull();
  });

  it("refuses other types with 'Invalid File' (SPEC §5)", () => {
    expect(imageFileProblem({ type: 'application/pdf', size: 1 })).toEqual({
      title: 'Invalid File',
      description: 'Please select an image file (PNG, JPG, GIF, WebP)',
      variant: 'destructive',
    });
    expect(imageFileProblem({ type: '', size: 1 })?.title).toBe('Invalid File');
  });

  it("refuses more than 10 MB with 'File Too Large' (SPEC §5)", () => {
    expect(imageFileProblem({ type: 'image/gif', size: 10 * MB + 1 })).toEqual({
      title: 'File Too Large',
      description: 'Please select an image smaller than 10MB',
      variant: 'destructive',
    });
  });
});
