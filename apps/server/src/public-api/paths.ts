export const PUBLIC_GRAPHQL_PATH = "/public/graphql";
/** The same API under the reference's (ZenHub's) names, for scripts ported by changing only their URL and key. */
export const ZENHUB_GRAPHQL_PATH = "/public/zenhub/graphql";
