import { useRef, type FormEvent } from 'react';

/**
 * A form's submit handler that runs one submit at a time. A form's check may wait (a schema
 * that loads on first use, an async resolver), and its button is disabled only once React has
 * drawn the pending state: a double click, or Enter then a click, in that moment would send the
 * order, quote or list line twice. The next submit is taken once `submit`'s promise settles,
 * so a handler that awaits its request holds the form until the answer.
 */
export function useSubmitOnce(submit: (event: FormEvent) => Promise<unknown>) {
  const running = useRef(false);
  return (event: FormEvent) => {
    // Always: an ignored submit must not fall through to the browser's own (a page load).
    event.preventDefault();
    if (running.current) return;
    running.current = true;
    void submit(event).finally(() => {
      running.current = false;
    });
  };
}
