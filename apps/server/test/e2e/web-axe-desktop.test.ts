import { describeRouteAudits } from './axe-routes.js';

/** axe-core over every route at the desktop size (axe-routes.ts). */
describeRouteAudits('desktop');
