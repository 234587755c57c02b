/**
 * Cards per page the board reads (the server answers at most 100). The server writes this size
 * into the statement of an unfiltered board's first page, so PostgreSQL plans it once (B1).
 */
export const BOARD_PAGE_SIZE = 50;
