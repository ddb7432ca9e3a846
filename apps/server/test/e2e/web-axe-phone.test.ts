import { describeRouteAudits } from './axe-routes.js';

/** axe-core over every route at the phone size (axe-routes.ts). */
describeRouteAudits('phone');
