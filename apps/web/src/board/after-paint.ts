/**
 * Runs `task` once the browser has painted the next frame (a timer set from the frame's
 * callback fires after that frame's paint); answers a function that cancels it. The board
 * shows its loaded cards filtered first, and only then starts the work that waits on the
 * server (benchmark B3: filter keystroke to updated board).
 */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
