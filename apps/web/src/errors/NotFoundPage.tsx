import { useNavigate } from "react-router";
import { useAppPaths } from "../app/app-paths";
import { Button } from "../ui/Button";
import { ErrorPage } from "./ErrorPage";
import styles from "./ErrorPage.module.css";
import { LostPicture } from "./pictures";

/** Shown for any unknown page (SPEC §2, "Not-found page (404)"). */
export function NotFoundPage() {
  const { selectOrganizationPath } = useAppPaths();
  const navigate = useNavigate();
  return (
    <ErrorPage picture={<LostPicture />} title="Oops!">
      <p className={styles.text}>The page you’re looking for is not available</p>
      {selectOrganizationPath ? (
        <div className={styles.actions}>
          <Button variant="primary" onClick={() => navigate(selectOrganizationPath)}>
            Take me home
          </Button>
        </div>
      ) : null}
    </ErrorPage>
  );
}
