import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { linkTargetOf } from '../../lib/links.ts';

/** Wraps site content in a link only when it leads somewhere real. */
export function ContentLink({
  url,
  className,
  children,
}: {
  url: string;
  className?: string;
  children: ReactNode;
}) {
  const target = linkTargetOf(url);
  if (target?.kind === 'internal') {
    return (
      <Link to={target.path} className={className}>
        {children}
      </Link>
    );
  }
  if (target?.kind === 'external') {
    return (
      <a href={target.url} target="_blank" rel="noopener noreferrer" className={className}>
        {children}
      </a>
    );
  }
  return <div className={className}>{children}</div>;
}
