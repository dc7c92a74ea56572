// The tools module's public face for the modules that show or filter tools (admin tools,
// categories).
export { toFilter, toImageWire, toToolWire } from './tools.service.js';
export { searchCorrectionFor } from './search-correction.js';
export { toolsRoutes } from './tools.router.js';
