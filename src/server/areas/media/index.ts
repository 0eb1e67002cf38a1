export { isDemoKey } from './demo-images';
export { storeableImage } from './media.image';
