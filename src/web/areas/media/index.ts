// The media area's web room: an order's photos and their upload (src/server/areas/media). Another area uses it only
// through this file.
export { DEFAULT_PHOTO_NAME, fetchOrderImages, MEDIA_UPLOAD_PATH, photoForm, uploadImage } from './api';
