// The catalogue import/export module's public face: its routes (CSV in, CSV out).
export { catalogueExportRouter, catalogueImportRouter } from './catalogue-io.router.js';
