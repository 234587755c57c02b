import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderPage } from "../test/render";
import { BrowserNotSupportedPage } from "./BrowserNotSupportedPage";
import { LoadFailurePage } from "./LoadFailurePage";
import { NotFoundPage } from "./NotFoundPage";

describe("not-found page", () => {
  it("shows the picture, heading, text and contact line, without 'Take me home' when the path is unknown", () => {
    renderPage(<NotFoundPage />);
    expect(screen.getByRole("heading", { name: "Oops!" })).toBeInTheDocument();
    expect(screen.getByText("The page you’re looking for is not available")).toBeInTheDocument();
    expect(screen.getByTitle("A signpost with no destination")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Take me home" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "support@gantry.dev" })).toHaveAttribute(
      "href",
      "mailto:support@gantry.dev",
    );
  });

  it("offers 'Take me home' to the select-organisation path when it is known", async () => {
    renderPage(<NotFoundPage />, {
      selectOrganizationPath: "/select-organization",
      otherPaths: ["/select-organization"],
    });
    await userEvent.click(screen.getByRole("button", { name: "Take me home" }));
    expect(screen.getByRole("heading", { name: "/select-organization" })).toBeInTheDocument();
  });
});

describe("load-failure page", () => {
  it("names the product, the three causes and links the status feed in the cloud edition", () => {
    renderPage(<LoadFailurePage diagnose={async () => []} />, { config: { productName: "Acme Plan" } });
    expect(screen.getByRole("heading", { name: "Acme Plan cannot be loaded" })).toBeInTheDocument();
    expect(screen.getByText("You may be disconnected from the internet.")).toBeInTheDocument();
    expect(screen.getByText("A firewall or proxy may be blocking Acme Plan.")).toBeInTheDocument();
    expect(screen.getByText("Your browser may be unable to connect to Acme Plan.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Check the Acme Plan status feed" })).toHaveAttribute(
      "href",
      "https://status.gantry.dev",
    );
    expect(screen.getByRole("link", { name: "support@gantry.dev" })).toHaveAttribute(
      "href",
      "mailto:support@gantry.dev?subject=Acme%20Plan%20cannot%20be%20loaded",
    );
  });

  it("leaves the status feed out of the enterprise edition", () => {
    renderPage(<LoadFailurePage diagnose={async () => []} />, { config: { edition: "enterprise" } });
    expect(screen.queryByRole("link", { name: /status feed/ })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Read the troubleshooting guide" })).toBeInTheDocument();
  });

  it("troubleshoots on request and offers a reload once every check passes", async () => {
    renderPage(
      <LoadFailurePage
        diagnose={async () => [
          { label: "The Gantry server answers", ok: true },
          { label: "The app's version can be read", ok: true },
        ]}
      />,
    );
    expect(screen.queryByRole("button", { name: "Reload" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Troubleshoot" }));
    expect(await screen.findByRole("list", { name: "Troubleshooting results" })).toHaveTextContent(
      "✓ The Gantry server answers✓ The app's version can be read",
    );
    expect(screen.getByRole("button", { name: "Reload" })).toBeInTheDocument();
  });

  it("says which check failed and offers no reload", async () => {
    renderPage(<LoadFailurePage diagnose={async () => [{ label: "The Gantry server answers", ok: false }]} />);
    await userEvent.click(screen.getByRole("button", { name: "Troubleshoot" }));
    expect(await screen.findByText("✗ The Gantry server answers: no answer")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Reload" })).not.toBeInTheDocument();
  });
});

describe("browser-not-supported page", () => {
  it("names three desktop browsers with a link each", () => {
    renderPage(<BrowserNotSupportedPage problem="unsupported" />);
    expect(screen.getByRole("heading", { name: "Your browser is not supported" })).toBeInTheDocument();
    for (const name of ["Google Chrome", "Mozilla Firefox", "Microsoft Edge"]) {
      expect(screen.getByRole("link", { name })).toHaveAttribute("href", expect.stringMatching(/^https:\/\//));
    }
    expect(screen.queryByText(/private mode/)).not.toBeInTheDocument();
  });

  it("adds the private-mode sentence when local storage is unavailable", () => {
    renderPage(<BrowserNotSupportedPage problem="private-mode" />);
    expect(screen.getByText("Gantry doesn't support browsers in private mode")).toBeInTheDocument();
  });
});
