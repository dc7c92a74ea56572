interface CodeBlockProps {
  code: string;
  label: string;
}

// Code samples are scrollable regions, so they need a name and keyboard focus to be readable
// on narrow screens without dragging the whole page sideways.
export function CodeBlock({ code, label }: CodeBlockProps) {
  return (
    <pre className="code-block" tabIndex={0} aria-label={label}>
      <code>{code.trim()}</code>
    </pre>
  );
}
