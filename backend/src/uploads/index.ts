export { UploadsModule } from './uploads.module.js';
export { MultipartUpload } from './multipart-upload.decorator.js';
export { StoredUploads, type StoredUploadsByField } from './stored-uploads.decorator.js';
export { UPLOAD_IMAGE_TYPES, UPLOAD_VIDEO_TYPES } from './upload-type.rules.js';
export type { UploadPolicy } from './upload.policy.js';
