import { describe, expect, it } from "vitest";
import { mailtoHref, supportLineParts } from "./support.js";

describe("contact-support line", () => {
  it("reads exactly as the spec gives it", () => {
    const { before, after } = supportLineParts();
    expect(`${before}help@example.com${after}`).toBe(
      "Need some assistance? Contact help@example.com and let us know how we can help.",
    );
  });

  it("can drop the help ending", () => {
    const { before, after } = supportLineParts({ dropHelpEnding: true });
    expect(`${before}help@example.com${after}`).toBe("Need some assistance? Contact help@example.com.");
  });

  it("builds a mail link that carries an encoded subject", () => {
    expect(mailtoHref("help@example.com")).toBe("mailto:help@example.com");
    expect(mailtoHref("help@example.com", "Tokens have expired")).toBe(
      "mailto:help@example.com?subject=Tokens%20have%20expired",
    );
  });
});
