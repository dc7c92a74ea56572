// The admin outbox module's public face: its routes (the admin's view of queued emails).
export { adminOutboxRouter } from './admin-outbox.router.js';
