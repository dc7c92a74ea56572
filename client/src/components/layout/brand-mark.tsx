export function BrandMark() {
  return (
    <svg className="brand-mark" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="currentColor" />
      <path
        d="M41.5 13.5a11 11 0 0 0-13.8 13.6L14.4 40.4a4.4 4.4 0 0 0 6.2 6.2l13.3-13.3a11 11 0 0 0 13.6-13.8l-6.3 6.3-5.3-1.4-1.4-5.3z"
        fill="var(--color-accent)"
      />
    </svg>
  );
}
