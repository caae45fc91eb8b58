import type { SchemaObject } from '@nestjs/swagger';

import { MAX_IMAGE_PIXELS } from '../media/index.js';
import type { UploadPolicy } from './upload.policy.js';

/** The multipart body of an upload route for the OpenAPI document: its files and text fields. */
export function multipartSchema(
  policy: UploadPolicy,
  options: { required?: readonly string[]; text?: Record<string, SchemaObject> } = {},
): SchemaObject {
  const properties: Record<string, SchemaObject> = {};
  for (const field of policy.fileFields) {
    properties[field] = {
      type: 'string',
      format: 'binary',
      description:
        `${policy.types.join(', ')} (judged by content); at most ${policy.maxBytes} bytes` +
        (policy.types.some((type) => type.startsWith('image/'))
          ? `; images declaring at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`
          : '') +
        (policy.budgetPerClient
          ? '; within the budget of unused uploads per client address (UPLOAD_BUDGET_MB)'
          : ''),
    };
  }
  for (const field of policy.textFields) properties[field] = options.text?.[field] ?? { type: 'string' };
  return { type: 'object', properties, required: [...(options.required ?? [])] };
}
