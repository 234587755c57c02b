import { describe, expect, it } from "vitest";

// Vitest hands a test an empty stand-in for any CSS import (even `?raw`), so the modules are read as files. The web
// project's types leave Node out; these two functions are all this test takes from it.
interface FileSystem {
  readFileSync(path: string, encoding: "utf8"): string;
  readdirSync(path: string, options: { recursive: true }): string[];
}
const { process } = globalThis as unknown as { process: { getBuiltinModule(id: "node:fs"): FileSystem } };
const { readFileSync, readdirSync } = process.getBuiltinModule("node:fs");

// Vitest serves this file from the repository's root, so its URL's path is the path from there.
const src = `.${new URL("..", import.meta.url).pathname.replace(/\/$/, "")}`;
// Every CSS module's text, by its path under src ("ui/form.module.css", "board/Board.module.css").
const sources: Record<string, string> = Object.fromEntries(
  readdirSync(src, { recursive: true })
    .filter((path) => path.endsWith(".module.css"))
    .map((path) => [path, readFileSync(`${src}/${path}`, "utf8")]),
);

interface Rule {
  selector: string;
  body: string;
}

function rulesOf(css: string): Rule[] {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, "");
  return [...withoutComments.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selector = "", body = ""]) => ({
    selector: selector.trim(),
    body,
  }));
}

/** The properties a rule sets, custom properties left out: those are the parts' settings, meant to be set beside them. */
function propertiesOf(body: string): string[] {
  return [...body.matchAll(/^\s*([a-z][a-z-]*)\s*:/gm)]
    .map(([, name = ""]) => name)
    .filter((name) => name !== "composes");
}

/** `border` and `border-color` both set the border's colour; `font` and `font-weight` both the weight, and `font`
 * the line height too. A corner is set by the `border-radius` family alone, never by `border`. */
function overlap(a: string, b: string): boolean {
  if ([a, b].includes("font") && [a, b].includes("line-height")) return true;
  if (a.includes("radius") !== b.includes("radius")) return false;
  return a === b || a.startsWith(`${b}-`) || b.startsWith(`${a}-`);
}

function resolve(from: string, relative: string): string {
  const parts = from.split("/").slice(0, -1);
  for (const part of relative.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== ".") parts.push(part);
  }
  return parts.join("/");
}

function sharedProperties(file: string, className: string): string[] {
  const css = sources[file];
  if (css === undefined) throw new Error(`${file} is composed from but not found`);
  const rule = rulesOf(css).find((candidate) => candidate.selector === `.${className}`);
  if (rule === undefined) throw new Error(`${file} has no .${className} to compose`);
  const own = propertiesOf(rule.body);
  // A shared class may itself compose others in its file: what they set is set too.
  const inner = /composes:\s*([\w\s]+?)\s*;/.exec(rule.body)?.[1];
  const composed = inner ? inner.split(/\s+/).flatMap((name) => sharedProperties(file, name)) : [];
  return [...own, ...composed];
}

const clashes: string[] = [];
for (const [file, css] of Object.entries(sources)) {
  for (const rule of rulesOf(css)) {
    for (const [, names = "", target = ""] of rule.body.matchAll(/composes:\s*([\w\s]+?)\s+from\s+"([^"]+)"/g)) {
      const own = propertiesOf(rule.body);
      for (const name of names.split(/\s+/)) {
        const shared = sharedProperties(resolve(file, target), name);
        for (const property of own.filter((mine) => shared.some((theirs) => overlap(mine, theirs)))) {
          clashes.push(`${file} ${rule.selector} sets ${property}, which ${target} .${name} sets`);
        }
      }
    }
  }
}

describe("composing a shared class from another file", () => {
  // Vite copies a composed file into each lazy chunk that composes it, so a copy loaded later can come after the
  // screen's own rule: a property both set would then take the shared value on one visit and the screen's on another.
  it("leaves every property the shared class sets to it", () => {
    expect(clashes).toEqual([]);
  });

  it("finds the rules it checks", () => {
    const composing = Object.values(sources).flatMap((css) =>
      rulesOf(css).filter((rule) => /composes:[^;]+from/.test(rule.body)),
    );
    expect(composing.length).toBeGreaterThan(20);
  });
});
