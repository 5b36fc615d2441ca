import type { SVGProps } from 'react';

/** The portal's mark: a bolt on a rounded square, inline so the header needs no extra request. */
export function Logo(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 32 32" width={32} height={32} role="img" aria-label="Logo" {...props}>
      <rect width="32" height="32" rx="7" fill="var(--mantine-color-blue-filled)" />
      <path d="M18.5 4 8 18h7l-1.5 10L24 14h-7z" fill="#fff" />
    </svg>
  );
}
