// The admin tools module's public face: its routes (add, edit, delete tools).
export { adminToolsRouter } from './admin-tools.router.js';
