// The users module's public face: its routes (Manage Users).
export { usersRouter } from './users.router.js';
