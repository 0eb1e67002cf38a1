export { isDemoKey } from './demo-images';
