import { afterEach, describe, expect, it, vi } from "vitest";
import { GraphQLRequestError, graphqlRequest } from "./graphql";

afterEach(() => vi.unstubAllGlobals());

const answer = (body: object) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

describe("graphqlRequest", () => {
  it("sends the session as a bearer token and returns the data", async () => {
    const fetchMock = vi.fn(async () => answer({ data: { version: "4.5.51" } }));
    vi.stubGlobal("fetch", fetchMock);
    await expect(graphqlRequest("{ version }", {}, "gnt_abc")).resolves.toEqual({ version: "4.5.51" });
    expect(fetchMock).toHaveBeenCalledWith(
      "/graphql",
      expect.objectContaining({ headers: expect.objectContaining({ authorization: "Bearer gnt_abc" }) }),
    );
  });

  it("throws the server's first error with its code and extensions", async () => {
    vi.stubGlobal("fetch", async () =>
      answer({
        errors: [
          {
            message: "You do not have access to this workspace.",
            extensions: { code: "FORBIDDEN", organizationName: "Acme" },
          },
        ],
      }),
    );
    const error = await graphqlRequest("{ x }").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GraphQLRequestError);
    expect(error).toMatchObject({
      message: "You do not have access to this workspace.",
      code: "FORBIDDEN",
      extensions: { organizationName: "Acme" },
    });
  });

  it("reports an unreachable server as a network error", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(graphqlRequest("{ x }")).rejects.toMatchObject({ code: "NETWORK_ERROR" });
  });
});
