import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy*/waitFor give up after 1 s by default; on two busy cores a render can take longer than
// that, so they wait up to 5 s. Something that never appears still fails the test.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
