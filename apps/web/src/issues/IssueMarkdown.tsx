import type { ComponentProps } from "react";
import Markdown, { type ExtraProps } from "react-markdown";
import rehypeSanitize from "rehype-sanitize";
import styles from "./Issue.module.css";

/**
 * Links in an issue body lead away from Gantry, so they open in their own tab. react-markdown
 * also passes its syntax-tree `node`, which is not an attribute of a link.
 */
function BodyLink({ node: _node, ...props }: ComponentProps<"a"> & ExtraProps) {
  return <a {...props} target="_blank" rel="noreferrer" />;
}

/** An issue body as Markdown; rehype-sanitize keeps GitHub's safe subset, so a body cannot run script. */
export function IssueMarkdown({ source }: { source: string }) {
  return (
    <div className={styles.markdown}>
      <Markdown rehypePlugins={[rehypeSanitize]} components={{ a: BodyLink }}>
        {source}
      </Markdown>
    </div>
  );
}
