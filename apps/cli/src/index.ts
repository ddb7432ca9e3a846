/** @palace/cli — the `palace` command (operator tasks). */
export { createInvite, dataFileOf, randomCode } from './invite.js';
export { run } from './main.js';
