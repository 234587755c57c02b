/**
 * Label-suggestion quality on real public issues (issue 13, decision 0032).
 *
 *   npx tsx --conditions=@gantry/source bench/ai-labels.ts [--write]
 *
 * The data: two changelogs shipped inside npm packages, fetched with `npm pack` (the registry
 * is the one place this machine reaches), so the figures can be reproduced anywhere:
 * - ember-cli@7.3.0's CHANGELOG.md, written by lerna-changelog/release-plan from the GitHub
 *   labels maintainers put on each pull request (":bug: Bug Fix" is the `bug` label, …);
 * - eslint@4.19.1's CHANGELOG.md, one line per merged pull request with ESLint's tag
 *   ("Fix:", "Docs:", "Update:", …), which its tooling checked against the pull request title.
 * Only titles are published there, no bodies, so this measures the harder, title-only case.
 *
 * Each repository is one workspace: the model learns from the older 80% of its entries and
 * suggests labels for the newest 20%, as a workspace's model meets new issues.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  LABEL_SUGGESTION_THRESHOLD,
  type LabelledIssue,
  loadLabelModel,
  MAX_LABEL_SUGGESTIONS,
  predictLabels,
  trainLabelModel,
} from "@gantry/domain";

const CACHE = path.join(os.tmpdir(), "gantry-bench-ai-labels");

/** Downloads a package's tarball once and reads one file out of it. */
function packageFile(spec: string, file: string): string {
  mkdirSync(CACHE, { recursive: true });
  // npm names an unscoped package's tarball <name>-<version>.tgz.
  const tarball = path.join(CACHE, `${spec.replace("@", "-")}.tgz`);
  if (!existsSync(tarball)) execFileSync("npm", ["pack", spec, "--silent", "--pack-destination", CACHE]);
  return execFileSync("tar", ["-xzOf", tarball, `package/${file}`], { encoding: "utf8", maxBuffer: 64 << 20 });
}

const LERNA_LABELS: Record<string, string> = {
  ":boom: Breaking Change": "breaking",
  ":rocket: Enhancement": "enhancement",
  ":bug: Bug Fix": "bug",
  ":memo: Documentation": "documentation",
  ":house: Internal": "internal",
};

/** lerna-changelog sections: `#### :bug: Bug Fix` then `* [#123](…) Title ([@who](…))`, newest release first. */
function emberCliIssues(changelog: string): LabelledIssue[] {
  const byNumber = new Map<string, { title: string; labels: Set<string> }>();
  let label: string | undefined;
  for (const line of changelog.split("\n")) {
    if (line.startsWith("#")) label = LERNA_LABELS[line.replace(/^#+\s*/, "").trim()];
    const entry = /^\s*[*-] \[#(\d+)\]\([^)]*\) (.+?)(?: \(\[@[^)]*\)\))*\s*$/.exec(line);
    if (!entry || !label) continue;
    const [, number = "", title = ""] = entry;
    const issue = byNumber.get(number) ?? { title, labels: new Set<string>() };
    issue.labels.add(label);
    byNumber.set(number, issue);
  }
  // Insertion order is newest first; oldest first reads as a workspace's history.
  return [...byNumber.values()].reverse().map(({ title, labels }) => ({ title, body: null, labels: [...labels] }));
}

/** `* 3ff5d11 Fix: what changed (fixes #10112) (#10113) (Author)`, newest release first. */
function eslintIssues(changelog: string): LabelledIssue[] {
  const issues: LabelledIssue[] = [];
  for (const line of changelog.split("\n")) {
    const entry = /^\* [0-9a-f]{7,} ([A-Z][a-z]+): (.+)$/.exec(line);
    if (!entry) continue;
    const [, tag = "", rest = ""] = entry;
    // The trailing "(fixes #1)", "(#2)" and "(Author)" would give the answer away or add noise.
    const title = rest.replace(/(\s*\([^()]*\))+\s*$/, "").trim();
    issues.push({ title, body: null, labels: [tag.toLowerCase()] });
  }
  return issues.reverse();
}

interface Row {
  threshold: number;
  precision: number;
  recall: number;
  coverage: number;
  suggestions: number;
}

function evaluate(issues: LabelledIssue[], thresholds: number[]) {
  const cut = Math.floor(issues.length * 0.8);
  const started = performance.now();
  const model = trainLabelModel(issues.slice(0, cut));
  const trainingMs = performance.now() - started;
  if (!model) throw new Error("too few labelled issues to train on");
  const loaded = loadLabelModel(model);
  const test = issues.slice(cut);
  const predictions = test.map((issue) => predictLabels(loaded, issue.title, issue.body));
  const given = test.reduce((sum, issue) => sum + issue.labels.length, 0);
  const rows = thresholds.map((threshold): Row => {
    let suggested = 0;
    let right = 0;
    let covered = 0;
    predictions.forEach((predicted, i) => {
      const chips = predicted.filter((p) => p.confidence >= threshold).slice(0, MAX_LABEL_SUGGESTIONS);
      suggested += chips.length;
      right += chips.filter((chip) => test[i]?.labels.includes(chip.name)).length;
      if (chips.length) covered++;
    });
    return {
      threshold,
      precision: suggested ? right / suggested : 1,
      recall: right / given,
      coverage: covered / test.length,
      suggestions: suggested,
    };
  });
  const labelCounts = new Map<string, number>();
  for (const issue of issues) for (const name of issue.labels) labelCounts.set(name, (labelCounts.get(name) ?? 0) + 1);
  return { train: cut, test: test.length, trainingMs, terms: model.vocabulary.terms.length, labelCounts, rows };
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

const datasets = [
  {
    name: "ember-cli@7.3.0 pull requests (GitHub labels)",
    issues: emberCliIssues(packageFile("ember-cli@7.3.0", "CHANGELOG.md")),
  },
  {
    name: "eslint@4.19.1 pull requests (commit tags)",
    issues: eslintIssues(packageFile("eslint@4.19.1", "CHANGELOG.md")),
  },
];
const thresholds = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];
const cpus = os.cpus();
const lines = [
  `# AI label suggestions: precision and recall on real public issues`,
  "",
  `Run ${new Date().toISOString()} on ${cpus[0]?.model ?? "unknown CPU"} (${cpus.length} cores), ${os.platform()} ${os.release()}, Node ${process.version}.`,
  `Command: \`npx tsx --conditions=@gantry/source bench/ai-labels.ts --write\`. Chosen threshold: ${LABEL_SUGGESTION_THRESHOLD}; at most ${MAX_LABEL_SUGGESTIONS} suggestions per issue.`,
  "",
  "Precision: suggestions that match a label the issue really has. Recall: labels the issues really have that were suggested. Coverage: issues that got at least one suggestion. Trained on the oldest 80% of each repository's entries, measured on the newest 20%.",
];
for (const dataset of datasets) {
  const result = evaluate(dataset.issues, thresholds);
  lines.push(
    "",
    `## ${dataset.name}`,
    "",
    `${dataset.issues.length} issues (${result.train} to train, ${result.test} to test); labels: ${[
      ...result.labelCounts,
    ]
      .sort(([, a], [, b]) => b - a)
      .map(([name, count]) => `${name} ${count}`)
      .join(", ")}. ${result.terms} terms; training took ${Math.round(result.trainingMs)} ms.`,
    "",
    "| threshold | precision | recall | coverage | suggestions |",
    "|---|---|---|---|---|",
    ...result.rows.map(
      (row) =>
        `| ${row.threshold}${row.threshold === LABEL_SUGGESTION_THRESHOLD ? " (chosen)" : ""} | ${percent(row.precision)} | ${percent(row.recall)} | ${percent(row.coverage)} | ${row.suggestions} |`,
    ),
  );
}
const report = `${lines.join("\n")}\n`;
process.stdout.write(report);
if (process.argv.includes("--write")) {
  const file = path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    "results",
    `ai-labels-${new Date().toISOString().slice(0, 10)}.md`,
  );
  writeFileSync(file, report);
  process.stdout.write(`written to ${file}\n`);
}
