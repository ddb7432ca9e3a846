import { describeRouteAudits } from './axe-routes.js';

/** axe-core over the routes a guest and a registered player see, at the phone and desktop sizes (axe-routes.ts). */
describeRouteAudits('players');
