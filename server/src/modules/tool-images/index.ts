// The tool photos module's public face: its routes (upload, order, delete photos).
export { toolImageUploadRouter, toolImagesRouter } from './tool-images.router.js';
