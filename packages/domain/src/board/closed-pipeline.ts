/** SPEC §9 "Storage and identifiers": the Closed pipeline every board ends with. */
export const CLOSED_PIPELINE_ID = "closed--pipeline";
export const CLOSED_PIPELINE_NAME = "Closed";
