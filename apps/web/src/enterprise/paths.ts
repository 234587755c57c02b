/** The instance admin page: license, seats and seat requests. */
export const ADMIN_SEATS_PATH = "/admin/seats";
