import { describeRouteAudits } from './axe-routes.js';

/** axe-core over every route as a visitor, at the phone and desktop sizes (axe-routes.ts). */
describeRouteAudits('visitor');
