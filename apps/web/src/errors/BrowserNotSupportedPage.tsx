import type { BrowserProblem } from "../app/browser-support";
import { useRuntimeConfig } from "../app/runtime-config";
import { ErrorPage } from "./ErrorPage";
import styles from "./ErrorPage.module.css";
import { BrowserPicture } from "./pictures";

const SUPPORTED_BROWSERS = [
  { name: "Google Chrome", href: "https://www.google.com/chrome/" },
  { name: "Mozilla Firefox", href: "https://www.mozilla.org/firefox/new/" },
  { name: "Microsoft Edge", href: "https://www.microsoft.com/edge" },
];

export function BrowserNotSupportedPage({ problem }: { problem: BrowserProblem }) {
  const { productName } = useRuntimeConfig();
  return (
    <ErrorPage picture={<BrowserPicture />} title="Your browser is not supported">
      <p className={styles.text}>Please upgrade to the latest version of one of these desktop browsers:</p>
      <ul className={styles.list}>
        {SUPPORTED_BROWSERS.map((browser) => (
          <li key={browser.name}>
            <a href={browser.href} target="_blank" rel="noreferrer">
              {browser.name}
            </a>
          </li>
        ))}
      </ul>
      {problem === "private-mode" ? (
        <p className={styles.text}>{productName} doesn't support browsers in private mode</p>
      ) : null}
    </ErrorPage>
  );
}
