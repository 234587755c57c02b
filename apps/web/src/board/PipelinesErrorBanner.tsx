import { AlertIcon } from "@primer/octicons-react";
import { Button } from "../ui/Button";
import editing from "./PipelineEditing.module.css";
import { usePipelineEditing } from "./pipeline-editing";

/** SPEC §2 "pipelines error state": the server's reason for refusing a pipeline change, with a retry. */
export function PipelinesErrorBanner() {
  const { error, dismissError } = usePipelineEditing();
  if (!error) return null;
  return (
    <div className={editing.banner} role="alert">
      <AlertIcon aria-hidden />
      <p>The pipelines were not changed: {error.message}</p>
      <Button
        onClick={() => {
          dismissError();
          error.retry();
        }}
      >
        Try again
      </Button>
      <Button onClick={dismissError}>Dismiss</Button>
    </div>
  );
}
