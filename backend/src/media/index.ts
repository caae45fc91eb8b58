export { MediaModule } from './media.module.js';
export {
  MediaUploadService,
  newUploadKey,
  type StoredUpload,
  UPLOAD_PREFIX,
  UploadRejectedException,
  uploadUrl,
} from './media-upload.service.js';
export { DiskMediaStorage } from './disk.media-storage.js';
export { MEDIA_STORAGE, type MediaStorage } from './media.storage.js';
export {
  exceedsPixelLimit,
  ImageSizeProbe,
  MAX_IMAGE_PIXELS,
  pixelLimitMessage,
} from './image-size.probe.js';
export { S3MediaStorage } from './s3.media-storage.js';
export { ImageProxyService } from './image-proxy.service.js';
