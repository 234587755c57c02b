/** An organisation's planning page; here, not in PlanningPage, so the shell's link does not bring the page along. */
export const planningPath = (organizationId: string) => `/organizations/${encodeURIComponent(organizationId)}/planning`;
