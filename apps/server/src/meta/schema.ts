import { CLIENT_VERSION } from "@gantry/domain";
import { builder } from "../graphql/builder.js";

builder.queryField("version", (t) =>
  t.string({
    description: "The client version this server serves.",
    authScopes: { public: true },
    resolve: () => CLIENT_VERSION,
  }),
);
